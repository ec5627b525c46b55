import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { BUSINESS_TIME_ZONE } from '@/shared/contracts/admin';
import { auditEntityTypes, type AuditEntry } from '@/shared/contracts/staff';
import { adminCopy } from '@/shared/staff-copy';
import { ListFilterSelect, ListSearchField, ListState } from '@/web/components/ui/list-state';
import { Pagination } from '@/web/components/ui/pagination';
import { formatDateTime } from '@/web/lib/format-time';
import { auditQuery } from '../api/admin-queries';
import { useDebouncedValue } from './use-debounced-value';

const copy = adminCopy.audit;
const PAGE_SIZE = 25;
/** An entry's action or record kind in words; one the app does not know yet (written by a newer server) as written. */
const inWords = <K extends string>(words: Record<K, string>, key: string): string => (key in words ? words[key as K] : key);

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
          {formatDateTime(entry.at, BUSINESS_TIME_ZONE)}
        </time>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">{copy.who}</dt>
        <dd className="break-all">
          {entry.actor.email} ({entry.actor.role === 'system' ? copy.systemActor : adminCopy.roleNames[entry.actor.role]})
        </dd>
        <dt className="text-muted-foreground">{copy.what}</dt>
        <dd className="break-words">{inWords(copy.actions, entry.action)}</dd>
        <dt className="text-muted-foreground">{copy.record}</dt>
        <dd className="break-all">
          {inWords(copy.entityTypes, entry.entityType)} {entry.entityId}
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
        <ListSearchField
          id="audit-search"
          label={copy.search}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <ListFilterSelect
          id="audit-type"
          label={copy.entityType}
          value={entityType}
          options={[['', copy.anyEntityType], ...auditEntityTypes.map((type) => [type, copy.entityTypes[type]] as const)]}
          onChange={(value) => {
            setEntityType(value);
            setPage(1);
          }}
        />
      </div>
      <ListState query={audit} items={(answer) => answer.entries} what={copy.listed} errorTitle={copy.loadFailed} empty={q || entityType ? copy.noneMatch : copy.empty} emptyIcon={ScrollText} skeleton={{ className: 'h-20' }}>
        {(list) => (
          <ol className="rounded-xl border" aria-label={copy.title}>
            {list.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </ListState>
      {data ? <Pagination page={page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onPageChange={setPage} /> : null}
    </div>
  );
}
