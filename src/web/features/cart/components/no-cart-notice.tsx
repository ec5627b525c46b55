import { Info } from 'lucide-react';
import { copy } from '@/shared/copy';
import { cn } from '@/web/lib/cn';
import { useCart } from '../use-cart';

/**
 * For staff on the storefront, who have no cart (SPEC §4): the one line saying where orders are placed,
 * shown where the cart's actions would be. Nothing for shoppers.
 */
export function NoCartNotice({ className }: { className?: string }) {
  const { mode } = useCart();
  if (mode !== 'staff') return null;
  return (
    <p role="note" className={cn('flex items-center justify-center gap-2 border-b bg-muted px-4 py-2 text-center text-sm text-muted-foreground', className)}>
      <Info className="size-4 shrink-0" aria-hidden />
      {copy.cart.staffNoCart}
    </p>
  );
}
