export * from '../modules/auth/auth.tables';
export * from '../modules/locations/locations.tables';
export * from '../modules/kitchens/kitchens.tables';
