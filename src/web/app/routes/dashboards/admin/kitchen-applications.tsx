import { useQuery } from '@tanstack/react-query';
import { ChefHat } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { kitchenApplicationStatuses, rejectKitchenApplicationInput, type KitchenApplicationStatus, type ReviewedKitchenApplication } from '@/shared/contracts/kitchen-operator';
import { kitchenCopy } from '@/shared/copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { TextAreaField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Pagination } from '@/web/components/ui/pagination';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { kitchenApplicationsQuery, useDecideKitchenApplication } from '@/web/features/kitchens/api/kitchen-operator';
import { ApiError } from '@/web/lib/api-client';
import { formatDateTime } from '@/web/lib/format-time';

const text = kitchenCopy.review;
const fields = kitchenCopy.application.fields;
const PAGE_SIZE = 20;
const tones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-line break-words">{value}</dd>
    </div>
  );
}

/** The review, then (for a pending application) approving or rejecting it as a step of the same dialog. */
function ReviewDialog({ application, onClose }: { application: ReviewedKitchenApplication; onClose: () => void }) {
  const decide = useDecideKitchenApplication();
  const [step, setStep] = useState<'review' | 'approve' | 'reject'>('review');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const name = application.businessName;

  function goTo(next: typeof step) {
    setRefusal(undefined);
    setStep(next);
  }

  async function approve() {
    try {
      await decide.mutateAsync({ id: application.id, approve: true });
    } catch (error) {
      // A refusal (the applicant still has orders or subscriptions) says what to do; it belongs here, not in a toast.
      if (error instanceof ApiError && error.status === 409) setRefusal(error.message);
      return;
    }
    toast.success(text.approved(name));
    onClose();
  }

  async function reject() {
    const parsed = rejectKitchenApplicationInput.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await decide.mutateAsync({ id: application.id, approve: false, reason: parsed.data.reason });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.reason) setReasonError(error.fields.reason);
      return;
    }
    toast.success(text.rejected(name));
    onClose();
  }

  let header;
  let body;
  if (step === 'approve') {
    header = { title: text.approveTitle(name), description: text.approveText };
    body = refusal ? (
      <p role="alert" className="text-sm text-destructive">
        {refusal}
      </p>
    ) : null;
  } else if (step === 'reject') {
    header = { title: text.rejectTitle(name), description: text.rejectText };
    body = <TextAreaField label={text.reasonLabel} rows={3} value={reason} error={reasonError} onChange={(event) => setReason(event.target.value)} />;
  } else {
    header = { title: name, description: `${application.applicant.name} · ${application.applicant.email}` };
    body = (
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Detail label={fields.kitchenType} value={kitchenCopy.application.kitchenTypes[application.kitchenType]} />
        <Detail label={fields.cuisine} value={application.cuisine} />
        <Detail label={fields.streetAddress} value={`${application.streetAddress}, ${application.city}, ${application.state} ${application.zipCode}`} />
        <Detail label={fields.contactPhone} value={application.contactPhone} />
        <Detail label={fields.foodSafetyCertificate} value={application.foodSafetyCertificate} />
        <Detail label={text.columns.status} value={text.statuses[application.status]} />
        <div className="sm:col-span-2">
          <Detail label={fields.description} value={application.description} />
        </div>
        {application.rejectionReason ? (
          <div className="sm:col-span-2">
            <Detail label={kitchenCopy.application.rejectedReason} value={application.rejectionReason} />
          </div>
        ) : null}
      </dl>
    );
  }

  let actions = null;
  if (step === 'review' && application.status === 'pending') {
    actions = (
      <div className="flex flex-wrap gap-2 pt-2">
        <Button onClick={() => goTo('approve')}>{text.approve}</Button>
        <Button variant="outline" onClick={() => goTo('reject')}>
          {text.reject}
        </Button>
      </div>
    );
  } else if (step !== 'review') {
    actions = (
      <DialogFooter>
        <Button variant="outline" onClick={() => goTo('review')}>
          {text.back}
        </Button>
        {step === 'approve' ? (
          <Button busy={decide.isPending} disabled={refusal !== undefined} onClick={() => void approve()}>
            {text.approve}
          </Button>
        ) : (
          <Button variant="destructive" busy={decide.isPending} onClick={() => void reject()}>
            {text.confirmReject}
          </Button>
        )}
      </DialogFooter>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{header.title}</DialogTitle>
          <DialogDescription>{header.description}</DialogDescription>
        </DialogHeader>
        {body}
        {actions}
      </DialogContent>
    </Dialog>
  );
}

export function KitchenApplicationsPage() {
  const [status, setStatus] = useState<KitchenApplicationStatus | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReviewedKitchenApplication | null>(null);
  const filterId = useId();
  const list = useQuery(kitchenApplicationsQuery({ status: status || undefined, page, pageSize: PAGE_SIZE }));

  let body;
  if (list.isPending) body = <Skeleton className="h-48 w-full" aria-label={kitchenCopy.loading} />;
  else if (list.isError) body = <QueryError title={text.loadFailed} error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.applications.length === 0) body = <EmptyState icon={ChefHat} title={text.empty} />;
  else
    body = (
      <>
        <ul className="grid gap-3" aria-label={text.title}>
          {list.data.applications.map((application) => (
            <li key={application.id}>
              <Card>
                <CardContent className="flex flex-wrap items-center gap-3 p-4">
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <p className="font-semibold break-words">{application.businessName}</p>
                    <p className="text-sm break-words text-muted-foreground">
                      {application.applicant.name} · {application.cuisine} · {application.city}, {application.state}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {text.columns.submitted} <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
                    </p>
                  </div>
                  <Badge tone={tones[application.status]}>{text.statuses[application.status]}</Badge>
                  <Button variant="outline" className="min-h-10" aria-label={text.open(application.businessName)} onClick={() => setOpen(application)}>
                    {application.status === 'pending' ? text.reviewAction : text.viewAction}
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <div className="mt-4">
          <Pagination page={page} pageCount={Math.ceil(list.data.total / PAGE_SIZE)} onPageChange={setPage} />
        </div>
      </>
    );

  return (
    <div>
      <PageHeader
        title={text.title}
        description={text.description}
        actions={
          <div className="grid gap-1.5">
            <Label htmlFor={filterId}>{text.filter}</Label>
            <NativeSelect
              id={filterId}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as KitchenApplicationStatus | '');
                setPage(1);
              }}
            >
              <option value="">{text.allStatuses}</option>
              {kitchenApplicationStatuses.map((value) => (
                <option key={value} value={value}>
                  {text.statuses[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        }
      />
      {body}
      {open ? <ReviewDialog application={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
