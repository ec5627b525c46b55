import type { ReactNode } from 'react';
import { PageHeader } from '@/web/components/layouts/page-header';
import { PageSpinner } from '@/web/components/ui/spinner';
import { useAuth } from '@/web/lib/session';
import { staffCopy } from '@/shared/staff-copy';

interface DashboardPageProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** A staff page: its title, what it is for, and its content. */
export function DashboardPage({ title, description, children }: DashboardPageProps) {
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={description} />
      {children}
    </div>
  );
}

/** The page a staff dashboard opens on: the same, greeting the person by name. */
export function DashboardHome({ title, description, children }: DashboardPageProps) {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return <PageSpinner />;
  return (
    <DashboardPage title={title} description={staffCopy.welcome(auth.profile.firstName ?? auth.user.name, description)}>
      {children}
    </DashboardPage>
  );
}
