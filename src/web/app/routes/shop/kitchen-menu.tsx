import { ChefHat } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Logo } from '@/web/components/layouts/logo';
import { PageHeader } from '@/web/components/layouts/page-header';
import { paths } from '@/web/config/paths';

export function KitchenMenuPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6">
      <div className="mb-6 flex items-center justify-between">
        <Logo />
        <Link to={paths.cloudKitchens} className="text-sm text-primary hover:underline">
          All cloud kitchens
        </Link>
      </div>
      <PageHeader title="Menu" description="Dishes from this kitchen." />
      <EmptyState icon={ChefHat} title="Kitchen not found">
        This kitchen is not taking orders right now.
      </EmptyState>
    </div>
  );
}
