import { ShoppingBasket } from 'lucide-react';
import { Link } from 'react-router';
import { copy } from '@/shared/copy';
import { cn } from '@/web/lib/cn';
import { paths } from '@/web/config/paths';

export function Logo({ className }: { className?: string }) {
  return (
    <Link to={paths.home} className={cn('flex min-h-11 min-w-11 shrink-0 items-center gap-2 font-bold tracking-tight', className)} aria-label={`${copy.app.name} home`}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <ShoppingBasket className="size-5" aria-hidden />
      </span>
      <span className="hidden text-lg sm:inline">{copy.app.name}</span>
    </Link>
  );
}
