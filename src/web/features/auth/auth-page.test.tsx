import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { copy } from '@/shared/copy';
import { routes } from '@/web/app/router';
import { AuthPage } from '@/web/app/routes/auth';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aUser } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { AccountMenu } from './components/account-menu';

let api: FakeApi;
const customer = aUser('customer');

const table: RouteObject[] = [
  { path: '/auth', element: <AuthPage /> },
  { path: '/orders', element: <p>orders page</p> },
  { path: '/', element: <p>home page</p> },
  { path: '/account', element: <AccountMenu name="Casey Doe" email={customer.email} /> },
];

async function signInWith(email: string, password: string) {
  const form = (await screen.findByRole('button', { name: 'Sign In', hidden: false })).closest('form') as HTMLFormElement;
  await userEvent.type(within(form).getByLabelText('Email'), email);
  await userEvent.type(within(form).getByLabelText('Password'), password);
  await userEvent.click(within(form).getByRole('button', { name: 'Sign In' }));
}

describe('signing in and out', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    api = createFakeApi();
    api.data.users.push(customer);
  });

  it('signs in and returns to the page the visitor was sent away from', async () => {
    sessionStorage.setItem('redirectAfterLogin', '/orders');
    const { router } = renderApp(table, { api, path: '/auth' });
    // The sign-in card is the page: its title is the page's first heading.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    await signInWith(customer.email, customer.password);
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(api.viewer?.id).toBe(customer.id);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('tells a visitor on their way to the checkout that signing in is the next step, and that the cart comes along', async () => {
    sessionStorage.setItem('redirectAfterLogin', '/checkout');
    const { unmount } = renderApp(table, { api, path: '/auth' });
    expect(await screen.findByText(copy.auth.forCheckout)).toBeVisible();
    unmount();

    sessionStorage.setItem('redirectAfterLogin', '/orders');
    renderApp(table, { api, path: '/auth' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByText(copy.auth.forCheckout)).toBeNull();
  });

  it('says why a sign-in failed and stays on the page', async () => {
    const { router } = renderApp(table, { api, path: '/auth' });
    await signInWith(customer.email, 'not-the-password');
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(api.viewer).toBeNull();
  });

  it("on a phone, tells of a failed sign-up at the top of the screen, clear of the form's Create account button", async () => {
    // On phones toasts otherwise rise from the bottom of the screen, where the form's button may be.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), addEventListener() {}, removeEventListener() {} }));
    onTestFinished(() => void vi.unstubAllGlobals());
    const user = userEvent.setup();
    renderApp(table, { api, path: '/auth' });
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    const form = screen.getByRole('button', { name: 'Create account' }).closest('form') as HTMLFormElement;
    await user.type(within(form).getByLabelText('First name'), 'Casey');
    await user.type(within(form).getByLabelText('Last name'), 'Doe');
    await user.type(within(form).getByLabelText('Email'), customer.email);
    await user.type(within(form).getByLabelText('Password'), 'a-new-password');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    const toaster = (await screen.findByText('Sign up failed')).closest('[data-sonner-toaster]');
    expect(toaster).toHaveAttribute('data-y-position', 'top');
  });

  it('keeps what was typed, passwords apart, when switching between Sign Up and Sign In', async () => {
    const user = userEvent.setup();
    renderApp(table, { api, path: '/auth' });
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    const signUp = screen.getByRole('button', { name: 'Create account' }).closest('form') as HTMLFormElement;
    await user.type(within(signUp).getByLabelText('First name'), 'Casey');
    await user.type(within(signUp).getByLabelText('Last name'), 'Doe');
    await user.type(within(signUp).getByLabelText('Email'), customer.email);
    await user.type(within(signUp).getByLabelText('Password'), 'a-new-password');
    await user.type(within(signUp).getByLabelText('Referral code (optional)'), 'FRIEND10');
    await user.click(within(signUp).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Sign up failed')).toBeInTheDocument();

    // Told to sign in instead: the email is already there.
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    const signIn = screen.getByRole('button', { name: 'Sign In' }).closest('form') as HTMLFormElement;
    expect(within(signIn).getByLabelText('Email')).toHaveValue(customer.email);
    expect(within(signIn).getByLabelText('Password')).toHaveValue('');

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    const again = screen.getByRole('button', { name: 'Create account' }).closest('form') as HTMLFormElement;
    expect(within(again).getByLabelText('First name')).toHaveValue('Casey');
    expect(within(again).getByLabelText('Last name')).toHaveValue('Doe');
    expect(within(again).getByLabelText('Email')).toHaveValue(customer.email);
    expect(within(again).getByLabelText('Referral code (optional)')).toHaveValue('FRIEND10');
    expect(within(again).getByLabelText('Password')).toHaveValue('');
  });

  it('is a tab list: one Tab stop, arrow keys between the tabs, and the form in the panel the selected tab names', async () => {
    const user = userEvent.setup();
    renderApp(table, { api, path: '/auth' });
    const signInTab = await screen.findByRole('tab', { name: 'Sign In' });
    const signUpTab = screen.getByRole('tab', { name: 'Sign Up' });
    expect(signInTab).toHaveAttribute('tabindex', '0');
    expect(signUpTab).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Sign In' });
    expect(signInTab).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();

    signInTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(signUpTab).toHaveFocus();
    expect(signUpTab).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel', { name: 'Sign Up' })).getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(signInTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Sign In' })).toBeInTheDocument();
    // Tab leaves the tab list for the form.
    await user.tab();
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Email')).toHaveFocus();
  });

  it('takes the failure away once a later try signs in', async () => {
    const { router } = renderApp(table, { api, path: '/auth' });
    await signInWith(customer.email, 'not-the-password');
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();

    const form = screen.getByRole('button', { name: 'Sign In', hidden: false }).closest('form') as HTMLFormElement;
    await userEvent.clear(within(form).getByLabelText('Password'));
    await userEvent.type(within(form).getByLabelText('Password'), customer.password);
    await userEvent.click(within(form).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    // Gone with the success, well before a toast would time out on its own (4 s).
    await waitFor(() => expect(screen.queryByText('Sign in failed')).not.toBeInTheDocument(), { timeout: 1000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
  });

  it('signing out ends the session, forgets where the customer shops and goes to /auth; the guest cart and theme stay', async () => {
    localStorage.setItem('selectedWarehouse', JSON.stringify({ id: api.data.warehouses[1]!.id, name: 'Jersey City', location: 'Jersey City, NJ' }));
    localStorage.setItem('ck-last-coords', JSON.stringify({ lat: 40.72, lng: -74.04, ts: 1 }));
    localStorage.setItem('ck-cache:40.720,-74.040', '{}');
    localStorage.setItem('groc_cart', '[]');
    localStorage.setItem('theme', 'dark');
    const { router } = renderApp(table, { api, path: '/account', user: customer });

    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(api.viewer).toBeNull();
    expect(Object.keys(localStorage).sort()).toEqual(['groc_cart', 'theme']);
  });

  it("signing out from the app asks nothing more of the ended session: no read of the account's profile or cart", async () => {
    // A warehouse already chosen, so no location dialog opens over the page.
    localStorage.setItem('selectedWarehouse', JSON.stringify({ id: api.data.warehouses[1]!.id, name: 'Jersey City', location: 'Jersey City, NJ' }));
    renderApp(routes, { api, path: '/products', user: customer });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();

    const signedOutAt = api.requests.findIndex((request) => request.path === '/api/auth/sign-out');
    const after = api.requests.slice(signedOutAt + 1).map((request) => `${request.method} ${request.path}`);
    expect(after).not.toContain('GET /api/profile');
    expect(after).not.toContain('GET /api/cart');
  });
});
