import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/web/lib/toast';
import { notificationKindsByRole, type NotificationKind } from '@/shared/contracts/notifications';
import { notificationCopy } from '@/shared/copy';
import type { Role } from '@/shared/roles';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { notificationPreferencesQuery, useUpdateNotificationPreferences } from '../api/notification-queries';
import { isNative } from '@/web/lib/platform';
import { disablePush, enablePush, readPushState, type PushState } from '../push-device';

const text = notificationCopy.card;
const pushStateQueryKey = ['notifications', 'push-state'];

/** Whether anything can be pushed to this role at all (admins and support are told of nothing). */
export function hasNotifications(role: Role): boolean {
  return notificationKindsByRole[role].length > 0;
}

/** The account's Notifications card: push on this device, and a switch per kind of the viewer's role. */
export function NotificationSettings({ id = 'notifications' }: { id?: string }) {
  return (
    <Card id={id} className="scroll-mt-24">
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ThisDevice />
        <Kinds />
      </CardContent>
    </Card>
  );
}

const deviceNotice: Partial<Record<PushState, string>> = {
  unavailable: text.appUnavailable,
  insecure: text.insecure,
  unsupported: text.unsupported,
  blocked: isNative ? text.appBlocked : text.blocked,
};

function ThisDevice() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: pushStateQueryKey, queryFn: readPushState, staleTime: Infinity });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : disablePush()),
    onSuccess: (next) => queryClient.setQueryData(pushStateQueryKey, next),
    onError: () => toast.error(text.failed),
  });

  if (state.isPending) return <Skeleton className="h-10 w-full" />;
  if (state.isError) return <QueryError error={state.error} onRetry={() => void state.refetch()} compact />;
  const current = state.data ?? 'unsupported';
  const notice = deviceNotice[current];
  if (notice) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
        <BellOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        {notice}
      </p>
    );
  }
  const on = current === 'on';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="flex items-center gap-2 text-sm">
        {on ? <BellRing aria-hidden className="size-4 text-primary" /> : <BellOff aria-hidden className="size-4 text-muted-foreground" />}
        {on ? text.enabled : text.notEnabled}
      </p>
      <Button variant={on ? 'outline' : 'default'} className="min-h-11" busy={change.isPending} onClick={() => change.mutate(!on)}>
        {on ? text.disable : text.enable}
      </Button>
    </div>
  );
}

function Kinds() {
  const preferences = useQuery(notificationPreferencesQuery);
  const update = useUpdateNotificationPreferences();
  const hintId = useId();

  if (preferences.isPending) return <Skeleton className="h-24 w-full" />;
  if (preferences.isError) return <QueryError error={preferences.error} onRetry={() => void preferences.refetch()} compact />;
  const set = (kind: NotificationKind, enabled: boolean) => update.mutate([{ kind, enabled }]);
  return (
    <fieldset aria-describedby={hintId} className="grid gap-1">
      <legend className="font-semibold">{text.kindsTitle}</legend>
      <p id={hintId} className="mb-2 text-sm text-muted-foreground">
        {text.kindsHint}
      </p>
      <ul className="grid divide-y rounded-md border">
        {preferences.data.kinds.map(({ kind, enabled }) => (
          <KindSwitch key={kind} kind={kind} enabled={enabled} busy={update.isPending} onChange={(next) => set(kind, next)} />
        ))}
      </ul>
    </fieldset>
  );
}

function KindSwitch({ kind, enabled, busy, onChange }: { kind: NotificationKind; enabled: boolean; busy: boolean; onChange: (enabled: boolean) => void }) {
  const id = useId();
  const words = notificationCopy.kinds[kind];
  return (
    <li className="flex min-h-14 items-center justify-between gap-4 px-3 py-2">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium">
          {words.label}
        </label>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {words.hint}
        </span>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} className="size-6 shrink-0 cursor-pointer" checked={enabled} busy={busy} onCheckedChange={onChange} />
    </li>
  );
}
