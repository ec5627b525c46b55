import { ChefHat, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/config/paths';

/** Shown to a cloud_kitchen user who has no kitchen record yet. */
export function KitchenApplicationBanner() {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div role="region" aria-label={copy.kitchenBanner.label} className="border-b bg-secondary">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm">
        <ChefHat className="size-5 shrink-0 text-primary" aria-hidden />
        <p className="flex-1">{copy.kitchenBanner.text}</p>
        <Button asChild size="sm">
          <Link to={paths.cloudKitchenApplication}>{copy.kitchenBanner.action}</Link>
        </Button>
        <Button variant="ghost" size="icon" aria-label={copy.kitchenBanner.dismiss} onClick={() => setDismissed(true)}>
          <X />
        </Button>
      </div>
    </div>
  );
}
