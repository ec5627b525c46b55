import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { NotificationPreferences } from '@/shared/contracts/notifications';
import { notificationCopy } from '@/shared/copy';
import { api, unwrap } from '@/web/lib/api-client';

export const notificationPreferencesQuery = queryOptions({
  queryKey: ['notifications', 'preferences'],
  queryFn: () => unwrap(api.notifications.preferences.$get()),
});

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: NotificationPreferences['kinds']) => unwrap(api.notifications.preferences.$put({ json: { kinds } })),
    onSuccess: (preferences) => {
      queryClient.setQueryData(notificationPreferencesQuery.queryKey, preferences);
      toast.success(notificationCopy.card.saved);
    },
    onError: (error) => toast.error(error.message),
  });
}
