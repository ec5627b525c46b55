import { CalendarDays } from 'lucide-react';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';

export function MealPlanDetailsPage() {
  return (
    <div>
      <PageHeader title="Meal plans" description="Weekly plans from cloud kitchens, delivered on your schedule." />
      <EmptyState icon={CalendarDays} title="No meal plans available">
        Kitchens publish weekly meal plans here.
      </EmptyState>
    </div>
  );
}
