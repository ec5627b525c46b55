import { useQuery } from '@tanstack/react-query';
import type { Coordinates } from '@/shared/contracts/locations';
import { getCurrentPosition } from '@/web/lib/platform';

// About a kilometre: precise enough to rank pickups, and the offers' query stays the same while the driver waits.
const round = (value: number) => Math.round(value * 100) / 100;

/** Where the driver is, read once a minute while on shift, to put the nearest offers first; null when unknown. */
export function useDriverPosition(onShift: boolean): Coordinates | null {
  const position = useQuery({
    queryKey: ['driver', 'position'],
    queryFn: async (): Promise<Coordinates | null> => {
      try {
        const here = await getCurrentPosition({ timeoutMs: 10_000, maximumAgeMs: 60_000 });
        return { latitude: round(here.latitude), longitude: round(here.longitude) };
      } catch {
        return null;
      }
    },
    enabled: onShift,
    staleTime: 60_000,
    refetchInterval: 60_000,
    retry: false,
  });
  return position.data ?? null;
}
