import type { KitchenSummary } from '@/shared/contracts/kitchens';

/** A kitchen as the nearby-kitchens endpoint returns it, for tests. */
export function kitchenSummary(index: number, overrides: Partial<KitchenSummary> = {}): KitchenSummary {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    businessName: `Kitchen ${index}`,
    kitchenType: 'home',
    cuisine: 'Tex-Mex',
    description: '',
    image: '/api/media/kitchens/k.svg',
    city: 'Georgetown',
    state: 'TX',
    prepTimeMinutes: 30,
    openNow: true,
    rating: null,
    ratingCount: 0,
    distanceMiles: 1,
    ...overrides,
  };
}
