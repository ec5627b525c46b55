import { Star } from 'lucide-react';
import { cn } from '@/web/lib/cn';

/** Five stars filled to `value` (halves round to the nearer star); the label says it in words. */
export function Stars({ value, label, className }: { value: number; label: string; className?: string }) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star key={star} aria-hidden className={cn('size-4', star <= filled ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40')} />
      ))}
    </span>
  );
}
