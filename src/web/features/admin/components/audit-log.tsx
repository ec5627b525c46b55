import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import type { AuditEntry } from '@/shared/contracts/staff';
import { adminCopy } from '@/shared/copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Pagination } from '@/web/components/ui/pagination';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDateTime } from '@/web/lib/format-time';
import { auditQuery } from '../api/admin-queries';
import { useDebouncedValue } from './use-debounced-value';

const copy = adminCopy.audit;
const PAGE_SIZE = 25;
/** The kinds of records staff actions change, for the filter. */
const entityTypes = ['order', 'user', 'product', 'category', 'warehouse', 'kitchen', 'kitchen_application', 'return_request'] as const;

function Snapshot({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="grid min-w-0 gap-1">
      <p className="text-xs font-medium text-muted-foreground uppercase">{label}</p>
      <pre className="max-h-64 overflow-auto rounded-md bg-muted p-2 text-xs whitespace-pre-wrap break-words">
        {value === null || value === undefined ? copy.nothing : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="grid gap-2 border-t p-3 first:border-t-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium break-words">{entry.summary || entry.action}</p>
        <time dateTime={entry.at} className="text-sm text-muted-foreground">
          {formatDateTime(entry.at)}
        </time>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">{copy.who}</dt>
        <dd className="break-all">
          {entry.actor.email} ({entry.actor.role === 'system' ? 'system' : adminCopy.roleNames[entry.actor.role]})
        </dd>
        <dt className="text-muted-foreground">{copy.what}</dt>
        <dd className="break-all">{entry.action}</dd>
        <dt className="text-muted-foreground">{copy.record}</dt>
        <dd className="break-all">
          {entry.entityType} {entry.entityId}
        </dd>
      </dl>
      <details className="text-sm">
        <summary className="flex min-h-10 cursor-pointer items-center text-primary">{copy.showDetails}</summary>
        <div className="grid gap-2 pt-2 sm:grid-cols-2">
          <Snapshot label={copy.before} value={entry.before} />
          <Snapshot label={copy.after} value={entry.after} />
        </div>
      </details>
    </li>
  );
}

/** The audit log, newest first: searched and filtered on the server, each entry's before and after on demand. */
export function AuditLog() {
  const [search, setSearch] = useState('');
  const [entityType, setEntityType] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), 300);
  const audit = useQuery(auditQuery({ q: q || undefined, entityType: entityType || undefined, page, pageSize: PAGE_SIZE }));
  const data = audit.data;

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-search">{copy.search}</Label>
          <Input
            id="audit-search"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-type">{copy.entityType}</Label>
          <NativeSelect
            id="audit-type"
            value={entityType}
            onChange={(event) => {
              setEntityType(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{copy.anyEntityType}</option>
            {entityTypes.map((type) => (
              <option key={type} value={type}>
                {type.replace('_', ' ')}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {audit.isError && !data ? (
        <QueryError title={copy.loadFailed} error={audit.error} onRetry={() => void audit.refetch()} />
      ) : !data ? (
        <div className="grid gap-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-20" />
          ))}
        </div>
      ) : data.entries.length === 0 ? (
        <EmptyState icon={ScrollText} title={copy.empty} />
      ) : (
        <ol className="rounded-xl border" aria-label={copy.title}>
          {data.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {data ? <Pagination page={page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onPageChange={setPage} /> : null}
    </div>
  );
}
