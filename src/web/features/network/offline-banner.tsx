import { WifiOff } from 'lucide-react';
import { copy } from '@/shared/copy';
import { useOnlineStatus } from './use-online-status';

export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div role="alert" className="flex items-center justify-center gap-2 bg-destructive px-4 py-2 text-sm font-medium text-white">
      <WifiOff className="size-4" aria-hidden />
      {copy.app.offline}
    </div>
  );
}
