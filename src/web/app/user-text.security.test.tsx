import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/web/app/router';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { paths } from '@/web/config/paths';
import { aKitchen, anAddress, anOrder, aUser, testId, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { aConversation, supportConversationFakes } from '@/web/test/fake-support-conversations';
import { renderApp } from '@/web/test/render-app';

/**
 * Text people type (addresses, notes, reviews, kitchen names) is shown as text on every page that
 * shows it, dashboards included: markup in it is printed, never made into elements.
 */

// Whole pages with their lazy chunks on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

/** Markup that would create marked elements (and run script) if it were ever rendered as HTML; ends in the field's name to find it. */
const markup = (field: string) => `<img src=x onerror="alert(1)" data-injected="${field}"><script data-injected="${field}">alert(1)</script><b data-injected="${field}">${field}</b>`;

/** Every field's markup is on the page, character for character, and no element came of any of it. */
async function expectShownAsText(...fields: string[]) {
  await waitFor(() => {
    for (const field of fields) expect(document.body.textContent).toContain(markup(field));
  });
  expect(document.querySelectorAll('[data-injected]')).toHaveLength(0);
}

let api: FakeApi;
let customer: FakeUser;

beforeEach(() => {
  localStorage.clear();
  api = createFakeApi();
  customer = aUser('customer', { firstName: markup('firstName'), lastName: 'Buyer' });
});

function orderWithTypedText() {
  return orderFakes(api).add(
    anOrder(7, {
      address: { ...anAddress(1), label: markup('label'), streetAddress: markup('streetAddress'), city: markup('city') },
      driverNotes: markup('driverNotes'),
    }),
    customer,
  );
}

describe('an order with markup in its address and notes', () => {
  it('shows it as text to its customer', async () => {
    const order = orderWithTypedText();
    renderApp(routes, { api, path: paths.order(order.id), user: customer });
    await expectShownAsText('streetAddress', 'driverNotes');
  });

  it.each([
    ['admin', paths.adminOrder],
    ['support', paths.supportOrder],
  ] as const)('shows it as text on the %s dashboard', async (role, pathOf) => {
    const order = orderWithTypedText();
    renderApp(routes, { api, path: pathOf(order.id), user: aUser(role) });
    await expectShownAsText('streetAddress', 'driverNotes');
  });
});

describe('a support chat with markup in what the customer wrote', () => {
  it('shows it as text on the support dashboard', async () => {
    const conversation = aConversation(1, {
      customer: { profileId: testId(62, 1), name: markup('customerName'), email: 'robin@example.test' },
      messages: [{ id: testId(61, 1), role: 'user', content: markup('message'), createdAt: new Date().toISOString() }],
    });
    supportConversationFakes(api).put(conversation);
    renderApp(routes, { api, path: paths.supportConversation(conversation.id), user: aUser('support') });
    await expectShownAsText('customerName', 'message');
  });
});

describe('a kitchen with markup in its name and its reviews', () => {
  it('shows both as text on its menu page', async () => {
    const kitchen = aKitchen(5, { latitude: 30.5, longitude: -97.7 }, { businessName: markup('businessName') });
    api.data.kitchens.push(kitchen);
    const id = kitchen.menu.kitchen.id;
    api.on('GET /api/ratings/kitchens/:id', () => ({
      average: 1,
      count: 1,
      recent: [{ stars: 1, comment: markup('comment'), author: markup('author'), at: new Date().toISOString() }],
    }));
    renderApp(routes, { api, path: paths.kitchenMenu(id), user: customer });
    await expectShownAsText('businessName', 'comment');
  });
});
