import { ShoppingBasket } from 'lucide-react';
import { Link } from 'react-router';
import { copy } from '@/shared/copy';
import { paths } from '@/web/config/paths';

export function Logo() {
  return (
    <Link to={paths.home} className="flex items-center gap-2 font-bold tracking-tight" aria-label={`${copy.app.name} home`}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <ShoppingBasket className="size-5" aria-hidden />
      </span>
      <span className="hidden text-lg sm:inline">{copy.app.name}</span>
    </Link>
  );
}
