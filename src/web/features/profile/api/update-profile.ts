import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import { copy } from '@/shared/copy';
import type { ProfileUpdate } from '@/shared/contracts/auth';
import { profileQuery } from '@/web/lib/session';
import { api, ApiError, unwrap } from '@/web/lib/api-client';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => unwrap(api.profile.$patch({ json: changes })),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      queryClient.invalidateQueries({ queryKey: ['session'] });
      toast.success(copy.profile.updated);
    },
    onError: (error) => {
      const signedOut = error instanceof ApiError && error.status === 401;
      toast.error(copy.profile.updateFailed, { description: signedOut ? copy.profile.noUser : copy.profile.updateFailedHint });
    },
  });
}
