import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/web/components/ui/sheet';
import { paths } from '@/web/config/paths';

/** The floating support button; the panel points to the help pages. */
export function ChatLauncher() {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button size="icon" aria-label={copy.header.openSupportChat} className="fixed right-4 bottom-4 z-40 size-14 rounded-full shadow-lg">
          <MessageCircle className="size-6" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Support chat</SheetTitle>
          <SheetDescription>Questions about an order, a refund or delivery? We are here to help.</SheetDescription>
        </SheetHeader>
        <div className="grid gap-2 p-4">
          <Button asChild variant="outline">
            <Link to={paths.helpCenter}>{copy.footer.helpCenter}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.contact}>{copy.footer.contactUs}</Link>
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
