import { formatCount } from '@/shared/format-count';
import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { overviewPeriods, type AdminOverview as Overview } from '@/shared/contracts/admin';
import { orderCopy } from '@/shared/copy';
import { adminCopy } from '@/shared/staff-copy';
import { formatMoney } from '@/shared/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { overviewQuery } from '../api/admin-queries';
import { axisTicks } from './axis-ticks';

const copy = adminCopy.overview;
/** Charts draw at this size until the browser measures their box (and in tests, which never do). */
const chartSize = { width: 640, height: 240 };
const dayLabel = (day: string) => day.slice(5).replace('-', '/');
const dollars = (cents: number) => `$${formatCount(Math.round(cents / 100))}`;

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

function PerDayChart({ overview }: { overview: Overview }) {
  // Ticks of our own: recharts would label an all-zero axis "$0" four times over.
  const orderTicks = axisTicks(overview.perDay.map((entry) => entry.orders));
  const revenueTicks = axisTicks(overview.perDay.map((entry) => entry.revenue), { unit: 100 });
  const summary = `${copy.perDayTitle}: ${overview.totals.orders} ${copy.orders.toLowerCase()}, ${formatMoney(overview.totals.revenue)}, ${overview.from} to ${overview.to}`;
  return (
    <div role="img" aria-label={summary} className="h-60 w-full">
      <ResponsiveContainer width="100%" height="100%" initialDimension={chartSize}>
        <ComposedChart data={overview.perDay} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
          <XAxis dataKey="day" tickFormatter={dayLabel} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis yAxisId="orders" allowDecimals={false} domain={[0, orderTicks.at(-1)!]} ticks={orderTicks} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="revenue" orientation="right" domain={[0, revenueTicks.at(-1)!]} ticks={revenueTicks} tickFormatter={dollars} tick={{ fontSize: 12 }} width={56} />
          <Tooltip
            formatter={(value, name) => (name === copy.revenue ? formatMoney(Number(value)) : value)}
            labelFormatter={(day) => String(day)}
            contentStyle={{ background: 'var(--popover)', color: 'var(--popover-foreground)', borderRadius: 8, border: '1px solid var(--border)' }}
          />
          <Bar yAxisId="orders" dataKey="orders" name={copy.orders} fill="var(--primary)" radius={[3, 3, 0, 0]} />
          <Line yAxisId="revenue" dataKey="revenue" name={copy.revenue} stroke="var(--chart-revenue, #d97706)" strokeWidth={2} dot={false} type="monotone" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

function CustomersChart({ overview }: { overview: Overview }) {
  const ticks = axisTicks(overview.perDay.map((entry) => entry.newCustomers));
  return (
    <div role="img" aria-label={`${copy.customersTitle}: ${overview.totals.newCustomers}`} className="h-40 w-full">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: chartSize.width, height: 160 }}>
        <BarChart data={overview.perDay} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
          <XAxis dataKey="day" tickFormatter={dayLabel} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} domain={[0, ticks.at(-1)!]} ticks={ticks} tick={{ fontSize: 12 }} />
          <Tooltip contentStyle={{ background: 'var(--popover)', color: 'var(--popover-foreground)', borderRadius: 8, border: '1px solid var(--border)' }} />
          <Bar dataKey="newCustomers" name={copy.newCustomers} fill="var(--primary)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function ByStatus({ overview }: { overview: Overview }) {
  if (overview.byStatus.length === 0) return <p className="text-sm text-muted-foreground">{copy.noOrders}</p>;
  const most = Math.max(...overview.byStatus.map((entry) => entry.orders));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{copy.byStatusTitle}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{copy.status}</th>
          <th scope="col">{copy.orders}</th>
        </tr>
      </thead>
      <tbody>
        {overview.byStatus.map((entry) => (
          <tr key={entry.status}>
            <th scope="row" className="w-36 py-1.5 pr-3 text-left font-normal">
              {orderCopy.statuses[entry.status]}
            </th>
            <td className="py-1.5">
              <div className="flex items-center gap-2">
                <span className="h-2.5 rounded-full bg-primary" style={{ width: `${Math.max(4, (entry.orders / most) * 100)}%` }} aria-hidden />
                <span className="tabular-nums">{entry.orders}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Ranking({ title, rows, empty }: { title: string; rows: Overview['topProducts']; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className="py-1.5 font-medium">
            {copy.name}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {copy.units}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {copy.revenue}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-t">
            <td className="py-1.5 pr-2 break-words">{row.name}</td>
            <td className="py-1.5 text-right tabular-nums">{row.units}</td>
            <td className="py-1.5 text-right tabular-nums">{formatMoney(row.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The admin's overview: per-day charts, orders by status, the best sellers and refunds, for 7, 30 or 90 days. */
export function AdminOverview({ days, onDaysChange }: { days: number; onDaysChange: (days: number) => void }) {
  const overview = useQuery(overviewQuery(days));
  const data = overview.data;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="overview-period">{copy.period}</Label>
          <NativeSelect id="overview-period" value={String(days)} onChange={(event) => onDaysChange(Number(event.target.value))} className="w-44">
            {overviewPeriods.map((period) => (
              <option key={period} value={period}>
                {copy.days(period)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {data ? <p className="text-sm text-muted-foreground">{copy.timeZoneNote(data.timeZone)}</p> : null}
      </div>
      {overview.isError && !data ? (
        <QueryError title={copy.loadFailed} error={overview.error} onRetry={() => void overview.refetch()} />
      ) : !data ? (
        <div className="grid gap-4" aria-busy="true">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-24" />
            ))}
          </div>
          <Skeleton className="h-72" />
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label={copy.orders} value={formatCount(data.totals.orders)} />
            <Stat label={copy.revenue} value={formatMoney(data.totals.revenue)} />
            <Stat label={copy.newCustomers} value={formatCount(data.totals.newCustomers)} />
            <Stat label={copy.refunds} value={formatMoney(data.refunds.amount)} detail={copy.refundsDetail(data.refunds.count)} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{copy.perDayTitle}</CardTitle>
            </CardHeader>
            <CardContent>
              <PerDayChart overview={data} />
            </CardContent>
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{copy.byStatusTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                <ByStatus overview={data} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{copy.customersTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                <CustomersChart overview={data} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{copy.topProductsTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                <Ranking title={copy.topProductsTitle} rows={data.topProducts} empty={copy.noProducts} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{copy.topKitchensTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                <Ranking title={copy.topKitchensTitle} rows={data.topKitchens} empty={copy.noKitchens} />
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
