import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { copy } from '@/shared/copy';
import { infoCopy } from '@/shared/info-copy';
import { managerCopy } from '@/shared/staff-copy';
import { routes } from '@/web/app/router';
import { paths } from '@/web/config/paths';
import { createFakeApi } from '@/web/test/fake-api';
import { anAddress, aUser } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';

const chatButton = () => screen.queryByRole('button', { name: copy.header.openSupportChat });

describe('the floating support chat button', () => {
  beforeEach(() => localStorage.clear());

  it('shows on the shop pages, for a visitor', async () => {
    renderApp(routes, { path: paths.helpCenter });
    expect(await screen.findByRole('heading', { level: 1, name: infoCopy.helpCenter.title })).toBeInTheDocument();
    expect(chatButton()).toBeInTheDocument();
  });

  it('shows on the shop pages, for a customer', async () => {
    const api = createFakeApi();
    const customer = aUser('customer');
    // With an address saved, no dialog asks for one over the page.
    api.data.addresses[customer.id] = [anAddress(1)];
    renderApp(routes, { api, path: paths.contact, user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: infoCopy.contact.title })).toBeInTheDocument();
    expect(chatButton()).toBeInTheDocument();
  });

  it("does not show on the admin's integration check, a staff page in the shop's frame", async () => {
    renderApp(routes, { path: paths.testAzure, user: 'admin' });
    expect(await screen.findByRole('cell', { name: 'AI assistant' })).toBeInTheDocument();
    expect(chatButton()).not.toBeInTheDocument();
  });

  it('does not show on a staff dashboard', async () => {
    renderApp(routes, { path: paths.managerInventory, user: 'manager' });
    expect(await screen.findByRole('heading', { level: 1, name: managerCopy.inventory.title })).toBeInTheDocument();
    expect(chatButton()).not.toBeInTheDocument();
  });

  it('on a phone sits in an opaque band of its own across the foot of the screen, and the page ends with room for the band', async () => {
    renderApp(routes, { path: paths.helpCenter });
    expect(await screen.findByRole('heading', { level: 1, name: infoCopy.helpCenter.title })).toBeInTheDocument();
    const band = chatButton()!.closest('[data-chat-band]');
    // Full width, pinned to the bottom, opaque: what the page shows is above it, never under the button.
    expect(band).toHaveClass('fixed', 'inset-x-0', 'bottom-0', 'bg-background');
    // From `sm` up the band is no box at all: the button floats in the lane the content keeps clear.
    expect(band).toHaveClass('sm:contents');
    // The room at the page's end is at least the band's height (0.5rem + 3rem + the bottom inset or 0.5rem).
    expect(band!.previousElementSibling).toHaveClass('h-[calc(5rem+env(safe-area-inset-bottom))]');
  });
});
