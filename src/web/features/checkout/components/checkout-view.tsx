import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { checkoutCopy, copy } from '@/shared/copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { useCart } from '@/web/features/cart/use-cart';
import { CheckoutForm, type UnansweredAttempt } from './checkout-form';

function CheckoutSkeleton() {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true" aria-label={checkoutCopy.loading.checkout}>
      <div className="grid gap-4">
        <Skeleton className="h-40 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

/** The checkout for the signed-in customer's cart: loading, failed, empty, or the form. */
export function CheckoutView() {
  const queryClient = useQueryClient();
  const { mode, cart, isLoading, error } = useCart();
  // Held here, so a cart read empty after a lost answer (the order went through) does not replace the form.
  const [unanswered, setUnanswered] = useState<UnansweredAttempt | null>(null);
  if (unanswered) return <CheckoutForm cart={unanswered.cart} unanswered={unanswered} onUnanswered={setUnanswered} />;
  if (mode === 'staff') {
    return (
      <EmptyState icon={ShoppingCart} title={copy.cart.staffNoCart}>
        <Link className="font-medium text-primary underline-offset-4 hover:underline" to={paths.home}>
          {checkoutCopy.continueShopping}
        </Link>
      </EmptyState>
    );
  }
  if (error && !cart) return <QueryError title={checkoutCopy.loadFailed} error={error} onRetry={() => queryClient.invalidateQueries({ queryKey: ['cart'] })} />;
  if (isLoading || !cart) return <CheckoutSkeleton />;
  if (cart.items.length === 0) {
    return (
      <EmptyState icon={ShoppingCart} title={copy.cart.empty}>
        <p>{checkoutCopy.emptyHint}</p>
        <Button asChild className="mt-4">
          <Link to={paths.products}>{checkoutCopy.continueShopping}</Link>
        </Button>
      </EmptyState>
    );
  }
  return <CheckoutForm cart={cart} unanswered={null} onUnanswered={setUnanswered} />;
}
