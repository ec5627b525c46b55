import { useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { returnDecisionInput, type ReturnQueueEntry, type ReturnQueueQuery } from '@/shared/contracts/orders';
import { orderCopy, supportCopy } from '@/shared/copy';
import { formatMoney, parseMoney } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { FormField, TextAreaField } from '@/web/components/ui/form-field';
import { Pagination } from '@/web/components/ui/pagination';
import { ListFilterSelect, ListSearchForm, ListState } from '@/web/components/ui/list-state';
import { paths } from '@/web/config/paths';
import { returnQueueQuery, useDecideReturn } from '@/web/features/support/support-queries';
import { AttentionBanner } from '@/web/features/staff/components/attention-banner';
import { LiveStatus } from '@/web/features/staff/components/live-status';
import { useAttention } from '@/web/features/staff/hooks/use-attention';
import { useStaffFeed } from '@/web/features/staff/hooks/use-staff-feed';
import { ApiError } from '@/web/lib/api-client';
import { ReturnLines } from '@/web/features/orders/components/return-lines';
import { formatDateTime } from '@/web/lib/format-time';
import { useListFilters } from '@/web/lib/use-list-filters';
import { DashboardHome } from '../dashboard-page';

const text = supportCopy.queue;
const PAGE_SIZE = 20;
type StatusFilter = NonNullable<ReturnQueueQuery['status']> | 'all';

/** Support's return queue: live, announced until acknowledged or decided, decided one request at a time. */
export function SupportDashboardPage() {
  const { filters, setFilter, page, setPage } = useListFilters<{ status: StatusFilter; q: string }>({ status: 'requested', q: '' });
  const { status, q } = filters;
  const attention = useAttention();
  const live = useStaffFeed((event) => {
    // One alert per order, so that the order's later events can take it back.
    if (event.status === 'refund_requested') attention.announce({ id: event.orderId, title: text.newRequest(event.orderNumber), href: paths.supportOrder(event.orderId) });
    // A decided return, here or by another agent, leaves nothing to attend to.
    if (event.status === 'refunded' || event.status === 'refund_rejected') attention.acknowledge(event.orderId);
  });
  const query = useQuery(returnQueueQuery({ status: status === 'all' ? undefined : status, q: q || undefined, page, pageSize: PAGE_SIZE }));

  return (
    <DashboardHome title={text.title} description={text.description}>
      <AttentionBanner items={attention.items} onAcknowledge={attention.acknowledge} onAcknowledgeAll={attention.acknowledgeAll} />
      <div className="flex flex-wrap items-end gap-3">
        <ListSearchForm label={text.search} button={text.searchButton} defaultValue={q} onSearch={(value) => setFilter('q', value)} />
        <ListFilterSelect
          id="return-status"
          label={text.status}
          value={status}
          options={(Object.keys(text.statuses) as StatusFilter[]).map((value) => [value, text.statuses[value]] as const)}
          onChange={(value) => setFilter('status', value)}
          selectClassName="w-40 [&_select]:h-10"
        />
        <LiveStatus state={live} />
      </div>
      <ListState
        query={query}
        items={(data) => data.returns}
        what={text.title.toLowerCase()}
        errorTitle={text.loadError}
        empty={text.empty}
        emptyIcon={Undo2}
        skeleton={{ rows: 3, className: 'h-40 w-full' }}
      >
        {(returns, data) => (
          <>
            <ul className="grid gap-4" aria-label={text.title}>
              {returns.map((entry) => (
                <ReturnCard key={entry.id} entry={entry} />
              ))}
            </ul>
            <Pagination page={page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onPageChange={setPage} />
          </>
        )}
      </ListState>
    </DashboardHome>
  );
}

function ReturnCard({ entry }: { entry: ReturnQueueEntry }) {
  return (
    <li className="grid gap-3 rounded-lg border p-4 text-sm" aria-label={`${entry.orderNumber}: ${entry.customer.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={paths.supportOrder(entry.orderId)} className="font-semibold text-primary underline-offset-4 hover:underline">
          {entry.orderNumber}
        </Link>
        <span className="text-muted-foreground">
          {orderCopy.returnStatuses[entry.status]} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, entry.timeZone)}</time>
        </span>
      </div>
      <p className="break-words">
        <span className="text-muted-foreground">{text.customer}: </span>
        {entry.customer.name} · {entry.customer.email}
      </p>
      <ReturnLines lines={entry.lines} amount={entry.amount} />
      <p className="flex justify-between gap-2 font-medium">
        <span>{text.asked}</span>
        <span className="tabular-nums">{formatMoney(entry.amount)}</span>
      </p>
      {entry.refundedAmount !== null ? (
        <p className="flex justify-between gap-2 font-medium">
          <span>{text.refunded}</span>
          <span className="tabular-nums">{formatMoney(entry.refundedAmount)}</span>
        </p>
      ) : null}
      <div>
        <p className="text-muted-foreground">{text.reason}</p>
        <p className="break-words whitespace-pre-line">{entry.reason}</p>
      </div>
      {entry.photoUrl ? (
        <a href={entry.photoUrl} target="_blank" rel="noreferrer" className="w-fit" aria-label={text.openPhoto}>
          <img src={entry.photoUrl} alt={text.photo(entry.orderNumber)} className="max-h-48 max-w-full rounded-md border object-contain" />
        </a>
      ) : null}
      {entry.status === 'requested' ? (
        <DecisionForm entry={entry} />
      ) : entry.decisionNote ? (
        <p className="break-words whitespace-pre-line text-muted-foreground">{entry.decisionNote}</p>
      ) : null}
    </li>
  );
}

/** Approve an amount up to what may be refunded now (confirmed first), or reject with a reason. */
function DecisionForm({ entry }: { entry: ReturnQueueEntry }) {
  const [amountText, setAmountText] = useState(entry.maxRefund > 0 ? (entry.maxRefund / 100).toFixed(2) : '');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const decide = useDecideReturn(entry.id, entry.orderId);
  const amount = parseMoney(amountText);

  /** Checks the decision with the API's own schema, showing problems at their fields. */
  function checked(decision: 'approve' | 'reject') {
    if (decision === 'approve' && amount === null) {
      setErrors({ amount: supportCopy.refusals.amountInvalid });
      return null;
    }
    if (decision === 'approve' && amount !== null && amount > entry.amount) {
      setErrors({ amount: supportCopy.refusals.amountAboveRequest });
      return null;
    }
    const parsed = returnDecisionInput.safeParse(decision === 'approve' ? { decision, amount, note } : { decision, note });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  async function send(decision: 'approve' | 'reject') {
    const input = checked(decision);
    if (!input) throw new Error('invalid');
    try {
      await decide.mutateAsync(input);
      toast.success(decision === 'approve' ? text.approved(formatMoney(input.amount ?? entry.amount)) : text.rejected);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error(error instanceof Error && error.message ? error.message : text.failed);
      throw error;
    }
  }

  const shown = amount !== null ? formatMoney(amount) : '';
  return (
    <div className="grid gap-3 border-t pt-3">
      <FormField
        label={text.amount}
        inputMode="decimal"
        value={amountText}
        onChange={(event) => setAmountText(event.target.value)}
        error={errors.amount}
        hint={entry.maxRefund > 0 ? text.amountHint(formatMoney(entry.maxRefund)) : text.nothingLeft}
        className="h-10 max-w-40"
      />
      <TextAreaField label={text.note} value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} hint={text.noteHint} rows={2} />
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <Button className="h-10" disabled={entry.maxRefund === 0} busy={decide.isPending} onClick={(event) => checked('approve') === null && event.preventDefault()}>
              {text.approve}
            </Button>
          }
          title={text.confirmTitle}
          description={text.confirmDescription(shown, entry.orderNumber)}
          confirmLabel={text.confirmApprove(shown)}
          onConfirm={() => send('approve')}
        />
        <Button className="h-10" variant="outline" busy={decide.isPending} onClick={() => void send('reject').catch(() => undefined)}>
          {text.reject}
        </Button>
      </div>
    </div>
  );
}
