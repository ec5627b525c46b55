import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { mainContentId, SkipLink } from '@/web/components/layouts/skip-link';
import { PageSpinner } from '@/web/components/ui/spinner';
import { useAuth } from '@/web/lib/session';
import { NoCartNotice } from '@/web/features/cart/components/no-cart-notice';
import { KitchenApplicationBanner } from '@/web/features/kitchens/components/kitchen-application-banner';
import { NearbyKitchensPrefetch } from '@/web/features/kitchens/nearby-kitchens-prefetch';
import { WarehouseCheck } from '@/web/features/locations/components/warehouse-check';
import { OfflineBanner } from '@/web/features/network/offline-banner';
import { chatLanePadding, ChatLauncher, showsChatButton } from '@/web/features/support-chat/components/chat-launcher';
import { cn } from '@/web/lib/cn';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * While a page's code loads, its place keeps the footer below the fold: the page arriving then does not
 * push the footer down the screen (a layout shift the visitor sees).
 */
function PageLoading() {
  return (
    <div className="min-h-dvh">
      <PageSpinner />
    </div>
  );
}

export function SharedLayout() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const chatLane = showsChatButton(pathname) ? chatLanePadding : undefined;
  const needsKitchenApplication = auth.status === 'signed-in' && auth.profile.role === 'cloud_kitchen' && !auth.profile.kitchenId;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <OfflineBanner />
      <SiteHeader />
      {needsKitchenApplication ? <KitchenApplicationBanner /> : null}
      <NoCartNotice />
      <main
        id={mainContentId}
        tabIndex={-1}
        // Focused by the skip link: it scrolls to just below the sticky header, not under it.
        className={cn('mx-auto w-full max-w-7xl flex-1 scroll-mt-16 px-4 py-6 outline-none', chatLane)}
      >
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter columnClassName={chatLane} />
      <ChatLauncher />
      <WarehouseCheck />
      {/* Shoppers' pages only: staff dashboards have no use for nearby kitchens. */}
      <NearbyKitchensPrefetch />
    </div>
  );
}

/** Pages shown without the shared header and footer. */
export function BareLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <OfflineBanner />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
