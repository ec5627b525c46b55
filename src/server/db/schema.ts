export * from '../modules/auth/auth.tables';
export * from '../modules/locations/locations.tables';
export * from '../modules/kitchens/kitchens.tables';
export * from '../modules/catalog/catalog.tables';
export * from '../modules/cart/cart.tables';
