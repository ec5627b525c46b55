import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@/shared/contracts/orders';
import { StatusTimeline } from './status-timeline';

const event = (id: number, status: OrderEvent['status'], note = '', by: Pick<OrderEvent, 'actor' | 'actorName'> = { actor: 'manager' }): OrderEvent => ({
  id: String(id),
  status,
  at: `2026-11-22T18:0${id}:00.000Z`,
  ...by,
  note,
});

describe('the status timeline', () => {
  it('tells an event that keeps the status by its note, and every status once', () => {
    render(
      <StatusTimeline
        timeZone="America/Chicago"
        reader="customer"
        events={[event(1, 'placed'), event(2, 'confirmed', 'Packed by Sam'), event(3, 'processing'), event(4, 'processing', 'Driver assigned: Drew')]}
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Status' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.font-medium')?.textContent)).toEqual(['Placed', 'Confirmed', 'Preparing', 'Driver assigned: Drew']);
    // A note on a new status stays under it.
    expect(within(steps[1]!).getByText('Packed by Sam')).toBeInTheDocument();
    expect(within(steps[3]!).getAllByText('Driver assigned: Drew')).toHaveLength(1);
    expect(within(steps[0]!).getByText(/12:01 PM/)).toBeInTheDocument();
  });

  it('names who acted from the reader\'s side: "You" and "Your driver" for the customer, "Customer" and the driver\'s name for staff', () => {
    const events = [
      event(1, 'placed', '', { actor: 'customer' }),
      event(2, 'confirmed', '', { actor: 'cloud_kitchen' }),
      event(3, 'out_for_delivery', '', { actor: 'driver', actorName: 'Dana' }),
      event(4, 'delivered', '', { actor: 'driver' }),
    ];
    const actors = () =>
      within(screen.getByRole('list', { name: 'Status' }))
        .getAllByRole('listitem')
        .map((step) => step.querySelector('span.text-sm')?.textContent?.split(' · ').at(-1));
    const { unmount } = render(<StatusTimeline timeZone="America/Chicago" reader="customer" events={events} />);
    expect(actors()).toEqual(['You', 'The kitchen', 'Your driver', 'Your driver']);
    unmount();
    render(<StatusTimeline timeZone="America/Chicago" reader="staff" events={events} />);
    expect(actors()).toEqual(['Customer', 'Cloud kitchen', 'Dana', 'Driver']);
  });
});
