import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthPage } from '@/web/app/routes/auth';
import { ForgotPasswordPage, ResetPasswordPage } from '@/web/app/routes/password-reset';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aUser } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';

let api: FakeApi;
const customer = aUser('customer');

const table: RouteObject[] = [
  { path: '/auth', element: <AuthPage /> },
  { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/auth/reset-password', element: <ResetPasswordPage /> },
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  api = createFakeApi();
  api.data.users.push({ ...customer });
});

describe('forgotten password', () => {
  it('leads from sign-in to asking for a link, and says where to look', async () => {
    const { router } = renderApp(table, { api, path: '/auth' });
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), customer.email);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(`If an account exists for ${customer.email}, we sent it a link to reset the password. The link works for an hour.`)).toBeInTheDocument();
    // The form and its button are gone: the answer's heading takes the focus rather than the page.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Check your email' })).toHaveFocus());
    expect(api.resetLinks.has(customer.email)).toBe(true);
  });

  it('starts from the email already typed on the sign-in form', async () => {
    renderApp(table, { api, path: '/auth' });
    await userEvent.type(await screen.findByLabelText('Email'), customer.email);
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(customer.email);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(api.resetLinks.has(customer.email)).toBe(true));
  });

  it('shows an invalid email at the field and sends nothing', async () => {
    renderApp(table, { api, path: '/auth/forgot-password' });
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/auth/request-password-reset')).toBe(false);
  });

  it('sets the new password from the emailed link, then sends the customer to sign in', async () => {
    api.resetLinks.set(customer.email, 'emailed-token');
    const { router } = renderApp(table, { api, path: '/auth/reset-password?token=emailed-token' });
    await userEvent.type(await screen.findByLabelText('New password'), 'a-brand-new-secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a-different-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a-brand-new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(api.data.users.find((user) => user.email === customer.email)?.password).toBe('a-brand-new-secret');
  });

  it('says when a link is used up or incomplete, and offers a new one', async () => {
    renderApp(table, { api, path: '/auth/reset-password?token=used-up' });
    await userEvent.type(await screen.findByLabelText('New password'), 'a-brand-new-secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a-brand-new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This reset link has expired or was already used. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('refuses a link without a token', async () => {
    renderApp(table, { api, path: '/auth/reset-password' });
    expect(await screen.findByText('This reset link is incomplete. Ask for a new one.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('the password field', () => {
  it('shows and hides what was typed with a button named for what it does to the field, not a pressed toggle', async () => {
    renderApp(table, { api, path: '/auth' });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).not.toHaveAttribute('aria-pressed');
    await userEvent.click(show);
    expect(password).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).not.toHaveAttribute('aria-pressed');
    await userEvent.click(hide);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('names the sign-up form’s button for its password field', async () => {
    renderApp(table, { api, path: '/auth' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    const password = screen.getByLabelText('Password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).not.toHaveAttribute('aria-pressed');
  });

  it('tells the two buttons of the new password apart, each showing only its own field', async () => {
    renderApp(table, { api, path: '/auth/reset-password?token=emailed-token' });
    const newPassword = await screen.findByLabelText('New password');
    const confirmPassword = screen.getByLabelText('Confirm password');

    await userEvent.click(screen.getByRole('button', { name: 'Show confirmed password' }));
    expect(confirmPassword).toHaveAttribute('type', 'text');
    expect(newPassword).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Hide confirmed password' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(newPassword).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(newPassword).toHaveAttribute('type', 'password');
    expect(confirmPassword).toHaveAttribute('type', 'text');
  });
});
