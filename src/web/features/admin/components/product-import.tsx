import { formatCount } from '@/shared/format-count';
import { Download, FileUp, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { ImportPreview, ImportSummary } from '@/shared/contracts/catalog-import';
import { importCopy } from '@/shared/staff-copy';
import { Badge } from '@/web/components/ui/badge';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api-client';
import { importTemplateUrl, runImport, usePreviewImport } from '../api/catalog-import';

type Phase =
  | { kind: 'choosing' }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'finished'; summary: ImportSummary }
  | { kind: 'failed'; message: string };

const actionTone = { create: 'success', update: 'muted', skip: 'danger' } as const;

/**
 * Bulk product upload: choose a CSV file, see what the server makes of it (every problem by row and
 * column, the first rows, the counts), import it with a progress bar, and read the summary.
 */
export function ProductImport() {
  const fileId = useId();
  const goodRowsId = useId();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [goodRowsOnly, setGoodRowsOnly] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' });
  const preview = usePreviewImport();

  async function choose(chosen: File | undefined) {
    preview.reset();
    setPhase({ kind: 'choosing' });
    setGoodRowsOnly(false);
    if (!chosen) return;
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    preview.mutate(csv);
  }

  async function start() {
    if (!file) return;
    setPhase({ kind: 'importing', done: 0, total: preview.data?.counts.rows ?? 0 });
    try {
      await runImport({ csv: file.csv, goodRowsOnly }, (event) => {
        if (event.type === 'progress') setPhase({ kind: 'importing', done: event.done, total: event.total });
        else if (event.type === 'summary') {
          setPhase({ kind: 'finished', summary: event.summary });
          toast.success(importCopy.imported(event.summary.created + event.summary.updated));
        } else {
          setPhase({ kind: 'failed', message: event.message });
          toast.error(event.message);
        }
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : importCopy.failed;
      setPhase({ kind: 'failed', message });
      toast.error(message);
    }
  }

  function startOver() {
    preview.reset();
    setFile(null);
    setPhase({ kind: 'choosing' });
  }

  const fileError = preview.error instanceof ApiError ? (preview.error.fields?.csv ?? preview.error.message) : preview.error?.message;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{importCopy.fileHeading}</CardTitle>
          <CardDescription>{importCopy.columnsHelp}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <a href={importTemplateUrl} download className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-fit' })}>
            <Download aria-hidden /> {importCopy.template}
          </a>
          <div className="grid gap-2">
            <Label htmlFor={fileId}>{importCopy.fileLabel}</Label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              disabled={phase.kind === 'importing'}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${fileId}-error` : undefined}
              className="min-h-10 w-full max-w-full text-sm file:mr-3 file:h-10 file:rounded-md file:border file:bg-background file:px-4 file:font-medium"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                // Cleared, so choosing the same file again after fixing it checks it again.
                event.target.value = '';
                void choose(chosen);
              }}
            />
            {file ? <p className="text-sm text-muted-foreground break-all">{importCopy.chosen(file.name)}</p> : null}
            {fileError ? (
              <p id={`${fileId}-error`} role="alert" className="text-sm text-destructive">
                {fileError}
              </p>
            ) : null}
          </div>
          {preview.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden /> {importCopy.checking}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {preview.data && phase.kind !== 'finished' ? (
        <PreviewCard
          preview={preview.data}
          goodRowsOnly={goodRowsOnly}
          goodRowsId={goodRowsId}
          onGoodRowsOnly={setGoodRowsOnly}
          importing={phase.kind === 'importing'}
          onImport={() => void start()}
        />
      ) : null}

      {phase.kind === 'importing' ? <ImportProgress done={phase.done} total={phase.total} /> : null}
      {phase.kind === 'failed' ? (
        <p role="alert" className="text-destructive">
          {phase.message}
        </p>
      ) : null}
      {phase.kind === 'finished' ? <ImportSummaryCard summary={phase.summary} onStartOver={startOver} /> : null}
    </div>
  );
}

function PreviewCard(props: {
  preview: ImportPreview;
  goodRowsOnly: boolean;
  goodRowsId: string;
  onGoodRowsOnly: (value: boolean) => void;
  importing: boolean;
  onImport: () => void;
}) {
  const { preview, goodRowsOnly } = props;
  const { counts } = preview;
  const headerBroken = preview.issues.some((issue) => issue.row === 1);
  const good = counts.new + counts.updated;
  const canImport = !headerBroken && good > 0 && (counts.errors === 0 || goodRowsOnly);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{importCopy.previewHeading}</CardTitle>
        <CardDescription>{preview.issueCount === 0 ? importCopy.noErrors : importCopy.fixOrChoose}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(['rows', 'new', 'updated', 'errors'] as const).map((key) => (
            <div key={key} className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">{importCopy.counts[key]}</dt>
              <dd className={`text-2xl font-semibold tabular-nums ${key === 'errors' && counts.errors > 0 ? 'text-destructive' : ''}`}>
                {formatCount(counts[key])}
              </dd>
            </div>
          ))}
        </dl>

        {preview.issues.length > 0 ? (
          <section className="grid gap-2" aria-labelledby="import-errors">
            <h3 id="import-errors" className="font-semibold text-destructive">
              {importCopy.errorsHeading}
            </h3>
            {preview.issueCount > preview.issues.length ? (
              <p className="text-sm text-muted-foreground">{importCopy.moreIssues(preview.issues.length, preview.issueCount)}</p>
            ) : null}
            <div className="max-h-96 overflow-auto rounded-md border">
              <table className="w-full text-sm">
                <thead className="sticky top-0 bg-muted text-left">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">{importCopy.columns.row}</th>
                    <th scope="col" className="px-3 py-2 font-medium">{importCopy.columns.column}</th>
                    <th scope="col" className="px-3 py-2 font-medium">{importCopy.columns.message}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.issues.map((issue, index) => (
                    <tr key={index} className="border-t align-top">
                      <td className="px-3 py-2 tabular-nums">{issue.row}</td>
                      <td className="px-3 py-2 font-mono text-xs break-all">{issue.column ?? importCopy.wholeRow}</td>
                      <td className="px-3 py-2">{issue.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ) : null}

        {preview.rows.length > 0 ? (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-sm">
              <caption className="px-3 py-2 text-left text-muted-foreground">{importCopy.previewCaption(preview.rows.length, counts.rows)}</caption>
              <thead className="bg-muted text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{importCopy.columns.row}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{importCopy.columns.sku}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{importCopy.columns.name}</th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">{importCopy.columns.category}</th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">{importCopy.columns.shelves}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{importCopy.columns.action}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.row} className="border-t">
                    <td className="px-3 py-2 tabular-nums">{row.row}</td>
                    <td className="px-3 py-2 font-mono text-xs break-all">{row.sku}</td>
                    <td className="px-3 py-2 break-words">{row.name}</td>
                    <td className="hidden px-3 py-2 sm:table-cell">{row.category}</td>
                    <td className="hidden px-3 py-2 tabular-nums sm:table-cell">{row.shelves}</td>
                    <td className="px-3 py-2">
                      <Badge tone={actionTone[row.action]}>{importCopy.actions[row.action]}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}

        {counts.errors > 0 && !headerBroken && good > 0 ? (
          <div className="grid gap-1">
            <div className="flex min-h-10 items-center gap-2">
              <input
                id={props.goodRowsId}
                type="checkbox"
                className="size-5 accent-primary"
                checked={goodRowsOnly}
                disabled={props.importing}
                onChange={(event) => props.onGoodRowsOnly(event.target.checked)}
                aria-describedby={`${props.goodRowsId}-help`}
              />
              <Label htmlFor={props.goodRowsId}>{importCopy.goodRowsOnly}</Label>
            </div>
            <p id={`${props.goodRowsId}-help`} className="text-sm text-muted-foreground">
              {importCopy.goodRowsOnlyHelp}
            </p>
          </div>
        ) : null}

        <Button size="lg" className="w-full sm:w-fit" disabled={!canImport && !props.importing} busy={props.importing} onClick={props.onImport}>
          <FileUp aria-hidden /> {props.importing ? importCopy.importing : importCopy.importAll(good)}
        </Button>
      </CardContent>
    </Card>
  );
}

function ImportProgress({ done, total }: { done: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label={importCopy.progressLabel}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={importCopy.progress(done, total)}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground tabular-nums">{importCopy.progress(done, total)}</p>
    </div>
  );
}

function ImportSummaryCard({ summary, onStartOver }: { summary: ImportSummary; onStartOver: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{importCopy.summaryHeading}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(['created', 'updated', 'skipped', 'errors'] as const).map((key) => (
            <div key={key} className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">{importCopy.summary[key]}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{formatCount(summary[key])}</dd>
            </div>
          ))}
        </dl>
        <Button size="lg" variant="outline" className="w-full sm:w-fit" onClick={onStartOver}>
          {importCopy.startOver}
        </Button>
      </CardContent>
    </Card>
  );
}
