import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { chatPanelCopy, copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/web/components/ui/sheet';
import { PageSpinner } from '@/web/components/ui/spinner';

// The panel and its streaming client load on the first opening: most visits never open the chat.
const SupportChatPanel = lazy(() => import('./support-chat-panel').then((module) => ({ default: module.SupportChatPanel })));

/** The floating support button and the chat panel it opens. */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
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
        <Suspense fallback={<PageSpinner />}>
          <SupportChatPanel />
        </Suspense>
      </SheetContent>
    </Sheet>
  );
}
