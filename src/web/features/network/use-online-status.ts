import { useEffect, useState } from 'react';
import { subscribeToConnectivity } from '@/web/lib/platform';

export function useOnlineStatus(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => subscribeToConnectivity(setOnline), []);
  return online;
}
