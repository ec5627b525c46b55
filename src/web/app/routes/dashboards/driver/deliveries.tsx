import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StaffFeedEvent, StaffOrderPage } from '@/shared/contracts/staff';
import type { OrderStatus } from '@/shared/order-status';
import { driverCopy } from '@/shared/staff-copy';
import { availabilityQuery } from '@/web/features/driver/api/driver-queries';
import { AssignedList } from '@/web/features/driver/components/assigned-list';
import { OfferList } from '@/web/features/driver/components/offer-list';
import { ShiftSwitch } from '@/web/features/driver/components/shift-switch';
import { useDriverPosition } from '@/web/features/driver/hooks/use-driver-position';
import { staffOrdersQuery } from '@/web/features/staff/api/staff-orders';
import { AttentionBanner } from '@/web/features/staff/components/attention-banner';
import { LiveStatus } from '@/web/features/staff/components/live-status';
import { useAttention, type Attention } from '@/web/features/staff/hooks/use-attention';
import { useStaffFeed } from '@/web/features/staff/hooks/use-staff-feed';
import { PageHeader } from '@/web/components/layouts/page-header';
import { PageSpinner } from '@/web/components/ui/spinner';
import { useAuth } from '@/web/lib/session';

const OFFERS_PAGE_SIZE = 20;

/**
 * Announces the offers that appear while the driver is on shift (not those already on a page when it
 * first loads), and takes back the alert of an offer that left the list (someone else took it).
 */
function useAnnounceOffers(page: StaffOrderPage | undefined, attention: { announce(item: Attention): void; items: Attention[]; acknowledge(id: string): void }) {
  const seen = useRef<{ page: number; ids: Set<string> } | null>(null);
  const { announce, acknowledge, items } = attention;
  useEffect(() => {
    if (!page) return;
    const ids = new Set(page.orders.map((row) => row.id));
    if (seen.current?.page === page.page) {
      const before = seen.current.ids;
      for (const row of page.orders) if (!before.has(row.id)) announce({ id: row.id, title: driverCopy.offers.newOffer(row.orderNumber), description: row.pickup.name });
    }
    seen.current = { page: page.page, ids: new Set([...(seen.current?.page === page.page ? seen.current.ids : []), ...ids]) };
    for (const item of items) if (!ids.has(item.id)) acknowledge(item.id);
  }, [page, announce, acknowledge, items]);
}

export function DriverDashboardPage() {
  const auth = useAuth();
  const availability = useQuery(availabilityQuery);
  const onShift = availability.data?.available === true;
  const description = availability.data ? (onShift ? driverCopy.description.onShift : driverCopy.description.offShift) : undefined;
  const here = useDriverPosition(onShift);
  const [offerPage, setOfferPage] = useState(1);
  const offers = useQuery({
    ...staffOrdersQuery({ view: 'offered', page: offerPage, pageSize: OFFERS_PAGE_SIZE, ...(here ?? {}) }),
    enabled: onShift,
  });
  const assigned = useQuery(staffOrdersQuery({ view: 'active', pageSize: 50 }));
  const attention = useAttention();
  // What the live feed last said of each order: a delivery it said was cancelled left the list for that.
  const fedStatuses = useRef(new Map<string, OrderStatus>());
  const feed = useStaffFeed(useCallback((event: StaffFeedEvent) => void fedStatuses.current.set(event.orderId, event.status), []));
  const feedStatus = useCallback((orderId: string) => fedStatuses.current.get(orderId), []);
  useAnnounceOffers(onShift ? offers.data : undefined, attention);
  // An accepted offer moves to the driver's deliveries: the keyboard follows it there.
  const [accepted, setAccepted] = useState<string | null>(null);
  const focused = useCallback(() => setAccepted(null), []);

  if (auth.status !== 'signed-in') return <PageSpinner />;
  const driver = { role: auth.profile.role, profileId: auth.profile.id, warehouseIds: auth.profile.warehouseIds, kitchenIds: auth.profile.kitchenIds };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5">
      <PageHeader title={driverCopy.title} description={description} actions={<LiveStatus state={feed} />} />
      <AttentionBanner items={attention.items} onAcknowledge={attention.acknowledge} onAcknowledgeAll={attention.acknowledgeAll} />
      <ShiftSwitch />
      <AssignedList assigned={assigned} driver={driver} focusOrderId={accepted} onFocused={focused} feedStatus={feedStatus} />
      <OfferList offers={offers} onShift={onShift} sortedByDistance={here !== null} onPageChange={setOfferPage} onAccepted={setAccepted} />
    </div>
  );
}
