import { Suspense } from 'react';
import { chatLauncherCopy } from '@/shared/copy';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet';
import { PageSpinner } from '@/web/components/ui/spinner';
import { lazyWhenOnline } from '@/web/lib/lazy-when-online';

// The panel and its streaming client load on the first opening: most visits never open the chat.
const SupportChatPanel = lazyWhenOnline(() => import('./support-chat-panel').then((module) => ({ default: module.SupportChatPanel })));

/** The chat's side panel, loaded on its first opening (`ChatLauncher`). */
export function ChatSheet({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent
        className="gap-0"
        // A link in the panel (an order, sign-in) leads to its page: the panel gets out of the way.
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
        }}
      >
        <SheetHeader>
          <SheetTitle>{chatLauncherCopy.title}</SheetTitle>
          <SheetDescription>{chatLauncherCopy.description}</SheetDescription>
        </SheetHeader>
        <Suspense fallback={<PageSpinner />}>
          <SupportChatPanel />
        </Suspense>
      </SheetContent>
    </Sheet>
  );
}
