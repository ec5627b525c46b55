import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ChefHat, Clock, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { KitchenApplication } from '@/shared/contracts/kitchen-operator';
import { staffRoles } from '@/shared/roles';
import { kitchenCopy, kitchenRefusals } from '@/shared/copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { myKitchenApplicationQuery, refreshProfile } from '@/web/features/kitchens/api/kitchen-operator';
import { KitchenApplicationForm } from '@/web/features/kitchens/components/kitchen-application-form';
import { useAuth } from '@/web/lib/session';

const text = kitchenCopy.application;

function submittedOn(application: KitchenApplication) {
  return new Date(application.submittedAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

function ApprovedState({ application }: { application: KitchenApplication }) {
  const queryClient = useQueryClient();
  // The approval gave this person a new role and a kitchen: the header and the dashboard read the profile.
  useEffect(() => {
    void refreshProfile(queryClient);
  }, [queryClient]);
  return (
    <EmptyState icon={CheckCircle2} title={text.approvedTitle}>
      <p>{text.approvedText(application.businessName)}</p>
      <Button asChild className="mt-4">
        <Link to={paths.cloudKitchen}>{text.openDashboard}</Link>
      </Button>
    </EmptyState>
  );
}

function ApplicationState({ application }: { application: KitchenApplication }) {
  const [applyingAgain, setApplyingAgain] = useState(false);
  if (application.status === 'pending') {
    return (
      <EmptyState icon={Clock} title={text.pendingTitle}>
        {text.pendingText(application.businessName, submittedOn(application))}
      </EmptyState>
    );
  }
  if (application.status === 'approved') return <ApprovedState application={application} />;
  if (applyingAgain) {
    const { businessName, kitchenType, streetAddress, city, state, zipCode, contactPhone, foodSafetyCertificate, cuisine, description } = application;
    const previous = { businessName, kitchenType, streetAddress, city, state, zipCode, contactPhone, foodSafetyCertificate, cuisine, description };
    return <KitchenApplicationForm defaults={previous} />;
  }
  return (
    <Card role="region" aria-label={text.rejectedTitle}>
      <CardContent className="grid gap-3 p-6">
        <div className="flex items-center gap-2 font-semibold">
          <XCircle className="size-5 text-destructive" aria-hidden />
          <h2>{text.rejectedTitle}</h2>
        </div>
        <div>
          <p className="text-sm font-medium text-muted-foreground">{text.rejectedReason}</p>
          <p className="whitespace-pre-line">{application.rejectionReason}</p>
        </div>
        <div>
          <Button onClick={() => setApplyingAgain(true)}>{text.applyAgain}</Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function ApplyCloudKitchenPage() {
  const auth = useAuth();
  const mine = useQuery({ ...myKitchenApplicationQuery, enabled: auth.status === 'signed-in' });
  const isStaff = auth.status === 'signed-in' && (staffRoles as readonly string[]).includes(auth.profile.role) && auth.profile.role !== 'cloud_kitchen';

  let body;
  const runsKitchen = auth.status === 'signed-in' && auth.profile.kitchenId !== null;
  if (isStaff && !mine.data?.application) body = <EmptyState icon={ChefHat} title={text.staffOnly} />;
  else if (runsKitchen && mine.data?.application?.status !== 'approved')
    body = (
      <EmptyState icon={ChefHat} title={kitchenRefusals.alreadyOwnsKitchen}>
        <Button asChild className="mt-4">
          <Link to={paths.cloudKitchen}>{text.openDashboard}</Link>
        </Button>
      </EmptyState>
    );
  else if (mine.isPending) body = <Skeleton className="h-64 w-full" aria-label={kitchenCopy.loading} />;
  else if (mine.isError) body = <QueryError title={text.loadFailed} error={mine.error} onRetry={() => void mine.refetch()} />;
  else if (mine.data.application) body = <ApplicationState application={mine.data.application} />;
  else body = <KitchenApplicationForm />;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={text.title} description={text.description} />
      {body}
    </div>
  );
}
