import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { BareLayout, SharedLayout } from '@/web/app/layouts/shared-layout';
import { paths } from '@/web/config/paths';
import { PageSpinner } from '@/web/components/ui/spinner';
import { hasRole, ownsKitchen, RequireAuth } from './guards';
import { page } from './lazy-page';
import { NativeShell } from './native-shell';
import { dashboardAreas } from './routes/dashboards/areas';
import { CartSync } from '@/web/features/cart/cart-sync';
import { RouteError } from './route-error';
import { ScrollToTop } from './scroll-to-top';
import { FocusOnRouteChange } from './focus-on-route-change';
import { KeepFocus } from './keep-focus';

function Root() {
  return (
    <>
      <ScrollToTop />
      <FocusOnRouteChange />
      <KeepFocus />
      <NativeShell />
      <CartSync />
      <Outlet />
    </>
  );
}

const routeTable: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <SharedLayout />,
        children: [
          { path: paths.home, element: page(() => import('./routes/shop/home'), 'HomePage') },
          { path: paths.categories, element: page(() => import('./routes/shop/categories'), 'CategoriesPage') },
          { path: paths.products, element: page(() => import('./routes/shop/products'), 'ProductsPage') },
          { path: '/product/:id', element: page(() => import('./routes/shop/product-detail'), 'ProductDetailPage') },
          { path: '/products/:id', element: page(() => import('./routes/shop/product-detail'), 'ProductDetailPage') },
          { path: paths.cloudKitchens, element: page(() => import('./routes/shop/cloud-kitchens'), 'CloudKitchensPage') },
          { path: paths.kitchens, element: <Navigate to={paths.cloudKitchens} replace /> },
          { path: paths.mealPlanDetails, element: page(() => import('./routes/shop/meal-plan-details'), 'MealPlanDetailsPage') },
          { path: paths.mealPlans, element: <Navigate to={paths.mealPlanDetails} replace /> },
          { path: paths.trackOrder, element: page(() => import('./routes/account/track-order'), 'TrackOrderPage') },
          { path: paths.helpCenter, element: page(() => import('./routes/info/help-center'), 'HelpCenterPage') },
          { path: paths.contact, element: page(() => import('./routes/info/contact'), 'ContactPage') },
          { path: paths.returns, element: page(() => import('./routes/info/returns'), 'ReturnsPage') },
          { path: paths.support, element: page(() => import('./routes/info/support'), 'SupportPage') },
          { path: paths.privacyPolicy, element: page(() => import('./routes/info/privacy-policy'), 'PrivacyPolicyPage') },
          { path: paths.termsOfService, element: page(() => import('./routes/info/terms-of-service'), 'TermsOfServicePage') },
          { path: paths.testAzure, element: page(() => import('./routes/info/test-azure'), 'TestAzurePage') },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.checkout, element: page(() => import('./routes/shop/checkout'), 'CheckoutPage') },
              { path: paths.orderSuccess, element: page(() => import('./routes/shop/order-success'), 'OrderSuccessPage') },
              { path: paths.account, element: page(() => import('./routes/account/account'), 'AccountPage') },
              { path: paths.orders, element: page(() => import('./routes/account/orders'), 'OrdersPage') },
              { path: '/orders/:id', element: page(() => import('./routes/account/order-detail'), 'OrderDetailPage') },
              { path: paths.applyCloudKitchen, element: page(() => import('./routes/account/apply-cloud-kitchen'), 'ApplyCloudKitchenPage') },
              { path: paths.cloudKitchenApplication, element: page(() => import('./routes/account/apply-cloud-kitchen'), 'ApplyCloudKitchenPage') },
            ],
          },
          { path: '*', element: page(() => import('./routes/not-found'), 'NotFoundPage') },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: paths.auth, element: page(() => import('./routes/auth'), 'AuthPage') },
          { path: paths.forgotPassword, element: page(() => import('./routes/password-reset'), 'ForgotPasswordPage') },
          { path: paths.resetPassword, element: page(() => import('./routes/password-reset'), 'ResetPasswordPage') },
          { path: '/cloud-kitchen/:kitchenId/menu', element: page(() => import('./routes/shop/kitchen-menu'), 'KitchenMenuPage') },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            // Staff only: the layout loads with the first dashboard page, never on a shopper's visit.
            lazy: async () => ({ Component: (await import('@/web/app/layouts/dashboard-layout')).DashboardLayout }),
            // A dashboard opened by its address shows the loading state until the layout's code arrives.
            hydrateFallbackElement: <PageSpinner />,
            children: [
              { element: <RequireAuth allow={hasRole('admin')} />, children: dashboardAreas.admin.routes },
              { element: <RequireAuth allow={hasRole('manager')} />, children: dashboardAreas.manager.routes },
              { element: <RequireAuth allow={hasRole('driver')} />, children: dashboardAreas.driver.routes },
              { element: <RequireAuth allow={ownsKitchen} />, children: dashboardAreas.cloud_kitchen.routes },
              { element: <RequireAuth allow={hasRole('support')} />, children: dashboardAreas.support.routes },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Every route gets the friendly error page as its boundary, so a page that fails keeps its layout
 * (header, footer, navigation) around the explanation and a layout that fails still explains itself.
 */
export function withErrorBoundaries(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const bounded = { ...route, errorElement: route.errorElement ?? <RouteError /> };
    if (route.children) (bounded as { children: RouteObject[] }).children = withErrorBoundaries(route.children);
    return bounded as RouteObject;
  });
}

export const routes = withErrorBoundaries(routeTable);

export function createRouter() {
  return createBrowserRouter(routes);
}
