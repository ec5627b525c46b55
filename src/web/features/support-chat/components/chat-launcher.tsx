import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/config/paths';
import { cn } from '@/web/lib/cn';
import { useHideOnScrollDown } from '@/web/lib/use-hide-on-scroll';
import { dialogOpenerProps, OpenedOnce } from '@/web/components/ui/opened-once';
import { lazyWhenOnline, preload } from '@/web/lib/lazy-when-online';

// The sheet, the panel and its streaming client load on the first opening: most visits never open the chat.
const loadChatSheet = () => import('./chat-sheet').then((module) => ({ default: module.ChatSheet }));
const ChatSheet = lazyWhenOnline(loadChatSheet);

/** A link to any page with this query opens the chat there (the support page's "Open the chat"). */
export const OPEN_CHAT_PARAM = 'chat';

/**
 * Pages without the floating button: the checkout is a column of choices from edge to edge on a phone
 * (delivery windows, tips), and a button shown again as the customer scrolls back up would sit on one.
 * The chat stays a link away there (the footer's Support page opens it). The integration check is a
 * staff page in the shop's frame: the customers' chat has no place there, as on the staff dashboards,
 * whose layout has no launcher at all.
 */
const WITHOUT_BUTTON: readonly string[] = [paths.checkout, paths.testAzure];

/** Whether the floating button shows on the page at `pathname`. */
export function showsChatButton(pathname: string): boolean {
  return !WITHOUT_BUTTON.includes(pathname);
}

/**
 * The padding that keeps the page's main content and the footer's columns out of the button's lane
 * from `sm` up (a short page shows its footer at rest, under the button): the button
 * (right-4, size-14) takes 4.5rem from the window's right edge, and 1.5rem more clears it from a scroll
 * row, which reaches 1rem into the padding; less whatever margin the centred 80rem column already leaves
 * there (none at 1280 px, the whole lane from 1472 px). A phone cannot spare the lane: there the button
 * sits in a band across the foot of the screen instead, which steps aside while the page scrolls down.
 */
export const chatLanePadding = 'sm:pr-[max(1rem,calc(6rem_-_max(0px,(100%_-_80rem)_/_2)))]';

/**
 * The floating support button and the chat panel it opens. It never sits on what the reader is after:
 * from `sm` up the main content keeps out of its lane (chatLanePadding); on a phone it sits in an
 * opaque band of its own at the foot of the screen, so the page shows above it rather than under it,
 * and the band steps aside while they scroll down through the page. The page ends with room for it,
 * so the footer's links and the last row clear it once they reach the bottom.
 */
export function ChatLauncher() {
  const [openedHere, setOpenedHere] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(OPEN_CHAT_PARAM) === 'open';
  const open = openedHere || asked;
  const { pathname } = useLocation();
  const hidden = useHideOnScrollDown(pathname) && !open;
  const withButton = showsChatButton(pathname);
  function setOpen(next: boolean) {
    setOpenedHere(next);
    // Closing forgets the request in the address, so going back or reloading does not open it again.
    if (!next && asked) {
      setSearchParams(
        (params) => {
          params.delete(OPEN_CHAT_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  }
  return (
    <>
      {withButton ? (
        <>
          {/* The room the page keeps at its end (under the footer, in its colour) so the last links clear the button and, on a phone, its band. */}
          <div aria-hidden className="h-[calc(5rem+env(safe-area-inset-bottom))] shrink-0 bg-muted/40 sm:h-24" />
          {/* On a phone the button has a band of its own across the foot of the screen: the page shows above it, never under it. */}
          <div
            data-chat-band
            className={cn(
              'fixed inset-x-0 bottom-0 z-40 flex justify-end border-t bg-background px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] transition-[translate] duration-200 motion-reduce:transition-none sm:contents',
              hidden && 'translate-y-full has-[:focus-visible]:translate-y-0',
            )}
          >
            <Button
              size="icon"
              aria-label={copy.header.openSupportChat}
              data-hidden={hidden || undefined}
              {...dialogOpenerProps(open)}
              onPointerEnter={() => preload(loadChatSheet)}
              onFocus={() => preload(loadChatSheet)}
              onClick={() => setOpen(true)}
              className={cn(
                'size-12 rounded-full transition-[translate,opacity] duration-200 motion-reduce:transition-none sm:fixed sm:right-4 sm:bottom-4 sm:z-40 sm:size-14 sm:shadow-lg',
                // Out of sight but still reachable: a keyboard user tabbing to it brings it back.
                hidden && 'pointer-events-none translate-y-[calc(100%+2rem)] opacity-0 focus-visible:pointer-events-auto focus-visible:translate-y-0 focus-visible:opacity-100',
              )}
            >
              <MessageCircle className="size-6" />
            </Button>
          </div>
        </>
      ) : null}
      <OpenedOnce open={open}>
        <ChatSheet open={open} onOpenChange={setOpen} />
      </OpenedOnce>
    </>
  );
}
