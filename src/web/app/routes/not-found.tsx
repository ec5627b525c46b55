import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { copy } from '@/shared/copy';
import { usePageTitle } from '@/web/components/layouts/page-title';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/config/paths';

export function NotFoundPage() {
  usePageTitle(copy.notFound.title);
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-20 text-center">
      <Compass className="size-12 text-muted-foreground" aria-hidden />
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">{copy.notFound.title}</h1>
      <p className="text-muted-foreground">{copy.notFound.body}</p>
      <Button asChild>
        <Link to={paths.home}>{copy.notFound.back}</Link>
      </Button>
    </div>
  );
}
