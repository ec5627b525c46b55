import type { ReactNode } from 'react';
import { PageHeader } from '@/web/components/layouts/page-header';
import { PageSpinner } from '@/web/components/ui/spinner';
import { useAuth } from '@/web/lib/session';

/** The greeting every staff dashboard opens with. */
export function DashboardHome({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <PageSpinner />;
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={`Welcome, ${auth.profile.firstName ?? auth.user.name}. ${description}`} />
      {children}
    </div>
  );
}
