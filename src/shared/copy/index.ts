/**
 * Every user-facing string the specification fixes, in one place: components and the server import
 * from here (`@/shared/copy`) so the exact wording cannot drift. The strings live in one module per
 * area so that the bundler puts each area beside the pages that use it, and a shopper's first load
 * carries the shop's words only (docs/decisions/045-zod-mini-and-copy-areas-in-the-first-load.md).
 */
export * from './shop';
export * from './payments';
export * from './account';
export * from './orders';
export * from './kitchens';
export * from './support';
export * from './operations';
