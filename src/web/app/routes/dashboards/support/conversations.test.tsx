import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { supportChatCopy, staffCopy } from '@/shared/staff-copy';
import { apiError, createFakeApi } from '@/web/test/fake-api';
import { testId } from '@/web/test/fake-data';
import { aConversation, supportConversationFakes } from '@/web/test/fake-support-conversations';
import { renderApp } from '@/web/test/render-app';
import { formatDuration } from './conversation-parts';
import { SupportConversationsPage } from './conversations';

const text = supportChatCopy.queue;

/** A stand-in for the device's audio, counting how often the alert sounds. */
function fakeAudio() {
  const sounds = { count: 0 };
  const node = () => ({ connect: (next: unknown) => next, frequency: { value: 0 }, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, start() {}, stop() {} });
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    resume() {
      sounds.count += 1;
      return Promise.resolve();
    }
    createOscillator = node;
    createGain = node;
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return sounds;
}

describe("support's conversation queue", () => {
  it('lists the open conversations, the longest waiting first, with the customer, summary, waiting time and status', async () => {
    const api = createFakeApi();
    const fakes = supportConversationFakes(api);
    fakes.put(aConversation(1, {}, 3));
    fakes.put(aConversation(2, { summary: 'Wants a refund for a missing item' }, 42));
    fakes.put(aConversation(3, { status: 'with_agent', agent: { profileId: 'x', name: 'Sam' } }, 1));
    fakes.put(aConversation(4, { status: 'closed' }, 90));
    renderApp(<SupportConversationsPage />, { api, user: 'support' });

    const list = await screen.findByRole('list', { name: text.title });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Robin Vale 2', 'Robin Vale 1', 'Robin Vale 3']);
    const first = cards[0]!;
    expect(within(first).getByText('Wants a refund for a missing item')).toBeVisible();
    expect(within(first).getByText('robin2@example.test')).toBeVisible();
    expect(within(first).getByText(text.waiting('42 min'))).toBeVisible();
    expect(within(first).getByText(supportChatCopy.statuses.escalated)).toBeVisible();
    expect(within(first).getByText(text.unassigned)).toBeVisible();
    expect(within(first).getByRole('link', { name: text.open('Robin Vale 2') })).toHaveAttribute('href', '/support-dashboard/conversations/' + aConversation(2).id);
    expect(within(cards[2]!).getByText(text.agent('Sam'))).toBeVisible();
    expect(within(cards[2]!).getByText(supportChatCopy.statuses.with_agent)).toBeVisible();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(text.status), 'closed');
    await waitFor(() => expect(within(screen.getByRole('list', { name: text.title })).getAllByRole('listitem').map((card) => card.getAttribute('aria-label'))).toEqual(['Robin Vale 4']));
    expect(api.requestsTo('GET /api/support/conversations').at(-1)?.query.get('status')).toBe('closed');
  });

  it("counts days of waiting and since the last message by the business's calendar, not in 24-hour periods", async () => {
    // 8:00 AM in Chicago.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T14:00:00Z'), shouldAdvanceTime: true });
    try {
      const api = createFakeApi();
      const fakes = supportConversationFakes(api);
      // Escalated at 11 PM yesterday: nine hours, but yesterday.
      fakes.put(aConversation(1, { escalatedAt: '2026-11-25T05:00:00Z' }));
      // Last heard from at 8 PM the day before yesterday: 36 hours, two days back.
      fakes.put(aConversation(2, { status: 'with_agent', agent: { profileId: 'x', name: 'Sam' }, lastMessageAt: '2026-11-24T02:00:00Z' }));
      // Escalated at 7:15 this morning.
      fakes.put(aConversation(3, { escalatedAt: '2026-11-25T13:15:00Z' }));
      renderApp(<SupportConversationsPage />, { api, user: 'support' });

      const list = await screen.findByRole('list', { name: text.title });
      const card = (name: string) => within(list).getByRole('listitem', { name });
      expect(within(card('Robin Vale 1')).getByText(text.waiting('1 day'))).toBeVisible();
      expect(within(card('Robin Vale 2')).getByText(text.lastMessage('2 days'))).toBeVisible();
      expect(within(card('Robin Vale 3')).getByText(text.waiting('45 min'))).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a wait under an hour in minutes across midnight, and hours within the day', () => {
    // 12:10 AM in Chicago: escalated at 11:40 PM is half an hour, not a day.
    expect(formatDuration('2026-11-25T05:40:00Z', Date.parse('2026-11-25T06:10:00Z'))).toBe('30 min');
    // 11:10 PM: since 8 AM the same day.
    expect(formatDuration('2026-11-25T14:00:00Z', Date.parse('2026-11-26T05:10:00Z'))).toBe('15 h 10 min');
    // 1:10 AM: since 11:40 PM, an hour and a half but yesterday.
    expect(formatDuration('2026-11-25T05:40:00Z', Date.parse('2026-11-25T07:10:00Z'))).toBe('1 day');
  });

  it('says so when nobody is waiting, and when the queue cannot be read', async () => {
    const api = createFakeApi();
    renderApp(<SupportConversationsPage />, { api, user: 'support' });
    // As the other lists show theirs: a heading under an icon.
    const empty = await screen.findByRole('heading', { name: text.empty });
    expect(empty.parentElement?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();

    const failing = createFakeApi();
    failing.on('GET /api/support/conversations', () => apiError(500, 'INTERNAL', 'Something went wrong'));
    renderApp(<SupportConversationsPage />, { api: failing, user: 'support' });
    expect(await screen.findByText(text.loadError)).toBeVisible();
  });

  it('shows a new escalation live and announces it, seen and heard, once, until acknowledged', async () => {
    const sounds = fakeAudio();
    const api = createFakeApi();
    const fakes = supportConversationFakes(api);
    renderApp(<SupportConversationsPage />, { api, user: 'support' });
    await screen.findByText(text.empty);
    await waitFor(() => expect(fakes.openStreams()).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();

    fakes.put(aConversation(7, { summary: 'Damaged eggs, wants a person' }, 0));
    const alert = await screen.findByRole('alert', { name: staffCopy.alerts.label });
    expect(within(alert).getByRole('link', { name: text.newEscalation('Robin Vale 7') })).toBeVisible();
    expect(within(alert).getByText('Damaged eggs, wants a person')).toBeVisible();
    await waitFor(() => expect(sounds.count).toBeGreaterThan(0));
    expect(await screen.findByRole('listitem', { name: 'Robin Vale 7' })).toBeVisible();

    const user = userEvent.setup();
    await user.click(within(alert).getByRole('button', { name: `${staffCopy.alerts.acknowledge}: ${text.newEscalation('Robin Vale 7')}` }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    // The customer writes again while waiting: the queue shows it, and nobody is alerted twice.
    fakes.customerWrites(aConversation(7).id, 'Hello? Anyone there?');
    expect(await screen.findByText('“Hello? Anyone there?”')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes back the alert of an escalation once another agent takes it, or it is closed', async () => {
    fakeAudio();
    const api = createFakeApi();
    const fakes = supportConversationFakes(api);
    renderApp(<SupportConversationsPage />, { api, user: 'support' });
    await screen.findByText(text.empty);
    await waitFor(() => expect(fakes.openStreams()).toBe(1));
    const taken = aConversation(8);
    const closed = aConversation(9);
    fakes.put(taken);
    fakes.put(closed);
    const alert = await screen.findByRole('alert', { name: staffCopy.alerts.label });
    await waitFor(() => expect(within(alert).getAllByRole('listitem')).toHaveLength(2));

    fakes.put({ ...taken, status: 'with_agent', agent: { profileId: testId(9, 99), name: 'Sam' } });
    await waitFor(() => expect(within(alert).queryByRole('link', { name: text.newEscalation('Robin Vale 8') })).toBeNull());
    expect(within(alert).getByRole('link', { name: text.newEscalation('Robin Vale 9') })).toBeVisible();

    fakes.put({ ...closed, status: 'closed' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
