import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { chatPanelCopy, copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/web/components/ui/sheet';
import { SupportChatPanel } from './support-chat-panel';

/** A link to any page with this query opens the chat there (the support page's "Open the chat"). */
export const OPEN_CHAT_PARAM = 'chat';

/** The floating support button and the chat panel it opens. */
export function ChatLauncher() {
  const [openedHere, setOpenedHere] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(OPEN_CHAT_PARAM) === 'open';
  const open = openedHere || asked;
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
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button size="icon" aria-label={copy.header.openSupportChat} className="fixed right-4 bottom-4 z-40 size-14 rounded-full shadow-lg">
          <MessageCircle className="size-6" />
        </Button>
      </SheetTrigger>
      <SheetContent
        className="gap-0"
        // A link in the panel (an order, sign-in) leads to its page: the panel gets out of the way.
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
        }}
      >
        <SheetHeader>
          <SheetTitle>{chatPanelCopy.title}</SheetTitle>
          <SheetDescription>{chatPanelCopy.description}</SheetDescription>
        </SheetHeader>
        <SupportChatPanel />
      </SheetContent>
    </Sheet>
  );
}
