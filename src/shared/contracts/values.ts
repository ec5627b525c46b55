/**
 * Plain values the contracts are built on, kept apart from zod so that the browser's first load can use
 * them without the contracts' validation library (docs/decisions/045-zod-mini-and-copy-areas-in-the-first-load.md).
 * The contracts re-export them.
 */

export const cartItemTypes = ['product', 'bundle', 'bogo', 'cloud_kitchen'] as const;
export type CartItemType = (typeof cartItemTypes)[number];

/** The most lines a guest's browser cart holds. */
export const MAX_GUEST_LINES = 100;

export const productSorts = ['relevance', 'price_asc', 'price_desc', 'name_asc', 'name_desc'] as const;
export type ProductSort = (typeof productSorts)[number];

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
