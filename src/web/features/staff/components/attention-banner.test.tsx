import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffFeedEvent } from '@/shared/contracts/staff';
import { anOrder } from '@/web/test/fake-data';
import { createFakeApi } from '@/web/test/fake-api';
import { staffFakes } from '@/web/test/fake-staff';
import { renderApp } from '@/web/test/render-app';
import { useAttention } from '../hooks/use-attention';
import { useStaffFeed } from '../hooks/use-staff-feed';
import { AttentionBanner } from './attention-banner';
import { LiveStatus } from './live-status';

function Queue({ chime }: { chime: () => void }) {
  const attention = useAttention({ chime });
  const state = useStaffFeed((event: StaffFeedEvent) => {
    if (event.status === 'placed') attention.announce({ id: event.orderId, title: `New order ${event.orderNumber}` });
  });
  return (
    <>
      <LiveStatus state={state} />
      <AttentionBanner items={attention.items} onAcknowledge={attention.acknowledge} onAcknowledgeAll={attention.acknowledgeAll} />
    </>
  );
}

describe('the live staff queue', () => {
  it('announces a new order with a sound that repeats until someone acknowledges it', async () => {
    const api = createFakeApi();
    const order = anOrder(1, { orderNumber: 'FC-20261122-NEW1', status: 'placed' });
    api.data.orders.push(order);
    const chime = vi.fn();
    document.title = 'Orders';
    renderApp(<Queue chime={chime} />, { api, user: 'manager' });

    await screen.findByText('Live');
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      staffFakes(api).announce(order.id);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('New order FC-20261122-NEW1');
      // The chime is an effect of the alert opening: it runs once React has committed it.
      await waitFor(() => expect(chime).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(chime).toHaveBeenCalledTimes(2);
      expect(document.title).toMatch(/^\(1\) /);

      await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Acknowledge: New order FC-20261122-NEW1' }));
      expect(screen.queryByRole('alert')).toBeNull();
      await vi.advanceTimersByTimeAsync(20_000);
      expect(chime).toHaveBeenCalledTimes(2);
      expect(document.title).toBe('Orders');
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers to turn the alert sound on while the browser holds it back, and lets it sound once tapped', async () => {
    const resumed = vi.fn(async () => {});
    class SilentAudio {
      state = 'suspended';
      currentTime = 0;
      destination = {};
      resume = resumed;
      createOscillator = () => ({ frequency: {}, connect: (node: unknown) => node, start() {}, stop() {} });
      createGain = () => ({ gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node: unknown) => node });
    }
    vi.stubGlobal('AudioContext', SilentAudio);
    // A dashboard reloaded and not touched since.
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: false }, configurable: true });
    try {
      const api = createFakeApi();
      const order = anOrder(1, { orderNumber: 'FC-20261122-NEW2', status: 'placed' });
      api.data.orders.push(order);
      renderApp(<Queue chime={() => {}} />, { api, user: 'manager' });
      await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
      staffFakes(api).announce(order.id);
      const alert = await screen.findByRole('alert');
      await userEvent.click(within(alert).getByRole('button', { name: 'Turn on alert sound' }));
      expect(resumed).toHaveBeenCalled();
      expect(within(alert).queryByRole('button', { name: 'Turn on alert sound' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'userActivation');
    }
  });

  it('offers nothing about sound where the page has been used', async () => {
    vi.stubGlobal('AudioContext', class {});
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: true }, configurable: true });
    try {
      const api = createFakeApi();
      const order = anOrder(1, { orderNumber: 'FC-20261122-NEW3', status: 'placed' });
      api.data.orders.push(order);
      renderApp(<Queue chime={() => {}} />, { api, user: 'manager' });
      await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
      staffFakes(api).announce(order.id);
      const alert = await screen.findByRole('alert');
      expect(within(alert).queryByRole('button', { name: 'Turn on alert sound' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'userActivation');
    }
  });
});
