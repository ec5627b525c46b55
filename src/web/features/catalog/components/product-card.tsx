import { Plus, Tag } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ProductCard as ProductCardData, ProductDetail } from '@/shared/contracts/catalog';
import { MAX_LINE_QUANTITY } from '@/shared/cart-rules';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { QuantityPicker } from '@/web/components/ui/quantity-picker';
import { Price } from '@/web/components/ui/price';
import { paths } from '@/web/config/paths';
import { useCart } from '@/web/features/cart/use-cart';
import { toast } from '@/web/lib/toast';
import { Badge } from '@/web/components/ui/badge';
import { bogoLabel } from './catalog-links';
import { CatalogImage } from '@/web/components/ui/catalog-image';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useStagedCount } from '@/web/lib/use-staged-count';

/**
 * The warehouse that delivers to the customer now, while a grid still shows the products of the one before it
 * (their location resolved to another warehouse after the grid was drawn).
 */
export interface NextShelf {
  name: string;
  /** The product as that warehouse sells it, or null when it does not. */
  product: (productId: string) => Promise<ProductDetail | null>;
}

/**
 * A product in a grid. The name is the link (stretched over the card), so the card is one tab stop
 * plus its add button. While `next` is set, an Add is not sent to the grid's warehouse: the product
 * is added from the one delivering now, or the customer is told it does not sell it.
 */
export function ProductCard({ product, warehouseId, next, urgentImage = false }: { product: ProductCardData; warehouseId: string | undefined; next?: NextShelf; urgentImage?: boolean }) {
  const { addItem, isAdding, isUpdating, mode, cart, setQuantity } = useCart();
  const [waiting, setWaiting] = useState(false);
  const canAdd = product.inStock && Boolean(warehouseId);
  // Once the item is in the cart, the card changes its quantity instead of adding another line.
  const line = cart?.items.find((candidate) => candidate.itemType === 'product' && candidate.productId === product.id);
  const inCart = Boolean(line);
  // Adding swaps the add button for the quantity stepper, and taking the last unit off swaps it back:
  // the control that had the focus is gone, so the focus moves to the one that took its place.
  const controls = useRef<HTMLDivElement>(null);
  const swapping = useRef(false);
  useEffect(() => {
    if (!swapping.current) return;
    swapping.current = false;
    const focused = document.activeElement;
    if (focused && focused !== document.body && !controls.current?.contains(focused)) return;
    const next = controls.current?.querySelector<HTMLElement>(inCart ? 'button[aria-label^="Increase"]:enabled' : 'button:enabled');
    (next ?? controls.current?.querySelector<HTMLElement>('input, button:enabled'))?.focus();
  }, [inCart]);

  const addFromNext = async (shelf: NextShelf) => {
    setWaiting(true);
    try {
      const sold = await shelf.product(product.id);
      if (sold) {
        swapping.current = true;
        await addItem({ itemType: 'product', productId: product.id, warehouseId: sold.warehouseId, quantity: 1 });
      } else {
        toast.error(copy.cart.addFailed, { description: copy.catalog.productNotOffered(product.name, shelf.name) });
      }
    } catch (error) {
      toast.error(copy.cart.addFailed, { description: error instanceof Error ? error.message : undefined });
    } finally {
      setWaiting(false);
    }
  };

  return (
    <article
      aria-label={product.name}
      className="group relative flex w-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md"
    >
      <div className="relative overflow-hidden bg-muted">
        <CatalogImage
          src={product.image}
          alt={product.name}
          priority={urgentImage ? 'high' : undefined}
          className={`aspect-[3/2] w-full transition-transform duration-300 group-hover:scale-[1.03] ${product.inStock ? '' : 'opacity-60 grayscale'}`}
        />
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {product.bogo ? (
            <Badge tone="dealOnImage" title={product.bogo.name}>
              <Tag aria-hidden /> {bogoLabel(product.bogo)}
            </Badge>
          ) : null}
          {!product.inStock ? <Badge tone="dangerOnImage">{copy.catalog.outOfStock}</Badge> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm leading-snug font-medium">
          <Link to={paths.product(product.id)} className="outline-none after:absolute after:inset-0 after:content-['']">
            {product.name}
          </Link>
        </h3>
        <p className="truncate text-xs text-muted-foreground">
          {[product.brand, product.unit].filter(Boolean).join(' · ')}
        </p>
        <div ref={controls} className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <Price amount={product.price} />
          {/* Staff have no cart: no add button (the layout says where orders are placed). */}
          {mode === 'staff' ? null : line ? (
            <QuantityPicker
              compact
              className="relative z-10"
              itemName={product.name}
              label={copy.cart.inCartQuantity(product.name)}
              min={0}
              value={line.quantity}
              max={Math.min(Math.max(line.maxQuantity, line.quantity), MAX_LINE_QUANTITY)}
              disabled={isUpdating}
              onChange={(quantity) => {
                if (quantity === 0) swapping.current = true;
                setQuantity(line, quantity);
              }}
            />
          ) : (
            <Button
              size="sm"
              // 44 px on phones, like the stepper that replaces it.
              className="relative z-10 h-11 min-w-11 sm:h-8 sm:min-w-0"
              aria-label={copy.catalog.addToCart(product.name)}
              disabled={!canAdd}
              busy={isAdding || waiting}
              onClick={() => {
                if (next) return void addFromNext(next);
                if (!warehouseId) return;
                swapping.current = true;
                void addItem({ itemType: 'product', productId: product.id, warehouseId, quantity: 1 });
              }}
            >
              <Plus aria-hidden />
              <span className="max-[380px]:sr-only">{copy.catalog.add}</span>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * `urgentImages`: how many of the first cards' pictures load at once and first (the top of a page's fold).
 * `eagerCount`: that many cards render at first, the rest in as many at a time while the browser is idle, or all
 * when the grid's end nears the screen or the keyboard enters it (useStagedCount). Memoized: the page around it
 * re-renders as its other reads arrive (categories, the session), and the cards re-render only for their own.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  warehouseId,
  next,
  label,
  urgentImages = 0,
  eagerCount,
}: {
  products: ProductCardData[];
  warehouseId: string | undefined;
  next?: NextShelf;
  label?: string;
  urgentImages?: number;
  eagerCount?: number;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const staged = useStagedCount(products.length, eagerCount, listRef);
  return (
    <ul
      ref={listRef}
      aria-label={label}
      onFocus={staged.complete ? undefined : staged.showAll}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
    >
      {products.slice(0, staged.count).map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} warehouseId={warehouseId} next={next} urgentImage={index < urgentImages} />
        </li>
      ))}
    </ul>
  );
});

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul aria-hidden className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="overflow-hidden rounded-xl border bg-card">
          {/* The app loader shows the first pictures here while the app loads (ADR 061). */}
          <Skeleton data-picture-slot="" className="aspect-[3/2]" />
          <div className="grid gap-2 p-3">
            <Skeleton className="h-4 w-4/5 rounded" />
            <Skeleton className="h-3 w-1/2 rounded" />
            <div className="mt-2 flex justify-between">
              <Skeleton className="h-5 w-14 rounded" />
              <Skeleton className="h-8 w-16 rounded-md" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
