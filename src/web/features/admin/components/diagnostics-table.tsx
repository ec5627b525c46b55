import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleMinus, CircleX, RefreshCw } from 'lucide-react';
import type { DiagnosticCheck } from '@/shared/contracts/diagnostics';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { PageSpinner } from '@/web/components/ui/spinner';
import { diagnosticsQuery } from '../api/diagnostics';
import { formatTime } from '@/web/lib/format-time';
import { diagnosticsCopy } from '@/shared/staff-copy';

const statusView: Record<DiagnosticCheck['status'], { label: string; Icon: typeof CircleCheck; className: string }> = {
  pass: { label: diagnosticsCopy.statuses.pass, Icon: CircleCheck, className: 'text-primary' },
  fail: { label: diagnosticsCopy.statuses.fail, Icon: CircleX, className: 'text-destructive' },
  skipped: { label: diagnosticsCopy.statuses.skipped, Icon: CircleMinus, className: 'text-muted-foreground' },
};

export function DiagnosticsTable() {
  const diagnostics = useQuery(diagnosticsQuery);
  if (diagnostics.isPending) return <PageSpinner />;
  if (diagnostics.isError) {
    return (
      <p role="alert" className="text-destructive">
        Diagnostics could not run: {diagnostics.error.message}
      </p>
    );
  }
  const report = diagnostics.data;
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{report.ok ? diagnosticsCopy.allPass : diagnosticsCopy.someFail}</CardTitle>
          <CardDescription>
            Checked <time dateTime={report.checkedAt}>{formatTime(report.checkedAt)}</time>
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => diagnostics.refetch()} busy={diagnostics.isFetching}>
          <RefreshCw className={diagnostics.isFetching ? 'animate-spin' : undefined} aria-hidden /> Run again
        </Button>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="py-2 font-medium">{diagnosticsCopy.columns.dependency}</th>
              <th className="py-2 font-medium">{diagnosticsCopy.columns.result}</th>
              <th className="hidden py-2 font-medium sm:table-cell">{diagnosticsCopy.columns.detail}</th>
              <th className="py-2 text-right font-medium">{diagnosticsCopy.columns.time}</th>
            </tr>
          </thead>
          <tbody>
            {report.checks.map((check) => {
              const { label, Icon, className } = statusView[check.status];
              return (
                <tr key={check.name} className="border-t">
                  <td className="py-2 font-medium">{check.name}</td>
                  <td className={`py-2 ${className}`}>
                    <span className="inline-flex items-center gap-1">
                      <Icon className="size-4" aria-hidden /> {label}
                    </span>
                  </td>
                  <td className="hidden py-2 text-muted-foreground sm:table-cell">{check.detail}</td>
                  <td className="py-2 text-right tabular-nums">{check.durationMs} ms</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
