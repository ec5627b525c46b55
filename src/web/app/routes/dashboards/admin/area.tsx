import { paths } from '@/web/config/paths';
import { page } from '../../../lazy-page';
import type { DashboardArea } from '../area';

export const adminArea: DashboardArea = {
  routes: [
    { path: paths.admin, element: page(() => import('./overview'), 'AdminDashboardPage') },
    { path: paths.adminImport, element: page(() => import('./import-products'), 'ImportProductsPage') },
    { path: paths.adminApplications, element: page(() => import('./kitchen-applications'), 'KitchenApplicationsPage') },
    { path: paths.adminCatalog, element: page(() => import('./catalog-products'), 'CatalogProductsPage') },
    { path: paths.adminCatalogNewProduct, element: page(() => import('./catalog-product'), 'NewCatalogProductPage') },
    { path: paths.adminCatalogProduct(':id'), element: page(() => import('./catalog-product'), 'CatalogProductPage') },
    { path: paths.adminCatalogCategories, element: page(() => import('./catalog-categories'), 'CatalogCategoriesPage') },
    { path: paths.adminCatalogBundles, element: page(() => import('./catalog-bundles'), 'CatalogBundlesPage') },
    { path: paths.adminCatalogOffers, element: page(() => import('./catalog-offers'), 'CatalogOffersPage') },
    { path: paths.adminCatalogDiscounts, element: page(() => import('./catalog-discounts'), 'CatalogDiscountsPage') },
    { path: paths.adminOrders, element: page(() => import('./orders'), 'AdminOrdersPage') },
    { path: `${paths.adminOrders}/:id`, element: page(() => import('./order'), 'AdminOrderPage') },
    { path: paths.adminUsers, element: page(() => import('./users'), 'AdminUsersPage') },
    { path: paths.adminAudit, element: page(() => import('./audit'), 'AdminAuditPage') },
    { path: paths.adminWarehouses, element: page(() => import('./warehouses'), 'AdminWarehousesPage') },
    { path: paths.testRunner, element: page(() => import('./test-runner'), 'TestRunnerPage') },
    { path: paths.adminWarehouseStock(':id'), element: page(() => import('./warehouse-stock'), 'AdminWarehouseStockPage') },
  ],
};
