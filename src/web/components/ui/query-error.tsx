import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { copy } from '@/shared/copy';

/** A failed load: what went wrong and a way to try again. */
export function QueryError({
  title = copy.ui.loadFailed,
  error,
  onRetry,
  compact = false,
  className,
}: {
  title?: string;
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
  className?: string;
}) {
  const message = error instanceof Error && error.message ? error.message : copy.ui.tryAgain;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 text-center',
        compact ? 'py-6' : 'py-16',
        className,
      )}
    >
      <AlertTriangle className={cn('text-destructive', compact ? 'size-6' : 'size-10')} aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{message}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden /> {copy.ui.retry}
      </Button>
    </div>
  );
}
