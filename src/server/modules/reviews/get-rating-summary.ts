import type { RatingSummary } from '@/shared/contracts/orders';
import type { Db } from '../../db/client';
import { dishRatingSummary, kitchenRatingSummary, productRatingSummary } from '../../read-models/rating-summaries';

export type RatedKind = 'products' | 'dishes' | 'kitchens';

/** The public summary of a product's, a dish's or a kitchen's ratings (a kitchen's are its dishes'). */
export function getRatingSummary(options: { db: Db; kind: RatedKind; id: string }): Promise<RatingSummary> {
  switch (options.kind) {
    case 'products':
      return productRatingSummary(options.db, options.id);
    case 'dishes':
      return dishRatingSummary(options.db, options.id);
    case 'kitchens':
      return kitchenRatingSummary(options.db, options.id);
  }
}
