import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { driverCopy } from '@/shared/staff-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { completedDeliveriesQuery, deviceTimeZone } from '@/web/features/driver/api/driver-queries';
import { CompletedList, EarningsSummary } from '@/web/features/driver/components/completed-deliveries';

const PAGE_SIZE = 20;

/** What the driver delivered, newest first, and the tips they earned today and this week. */
export function DriverCompletedPage() {
  const [page, setPage] = useState(1);
  // Today and the week run midnight to midnight in the driver's own clock, wherever they drive.
  const query = useQuery(completedDeliveriesQuery({ page, pageSize: PAGE_SIZE, timeZone: deviceTimeZone() }));
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5">
      <PageHeader title={driverCopy.completed.title} description={driverCopy.completed.description} />
      <EarningsSummary query={query} />
      <CompletedList query={query} onPageChange={setPage} />
    </div>
  );
}
