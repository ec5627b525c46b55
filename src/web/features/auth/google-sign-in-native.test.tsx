import type * as CapacitorCore from '@capacitor/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '@/web/app/routes/auth';
import { setGoogleIdTokenProvider } from '@/web/lib/platform';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aUser } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';

// The device boundary: Capacitor reports the native Android shell.
vi.mock('@capacitor/core', async (original) => ({
  ...(await original<typeof CapacitorCore>()),
  Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' },
}));

let api: FakeApi;
const customer = aUser('customer');
const table: RouteObject[] = [
  { path: '/auth', element: <AuthPage /> },
  { path: '/', element: <p>home page</p> },
];

describe('Google sign-in in the native app', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
    api.data.googleSignIn = true;
    api.on('POST /api/auth/sign-in/social', () => {
      api.signIn(customer);
      return new Response(JSON.stringify({ redirect: false, token: 'session-token', user: { id: customer.id, email: customer.email } }), {
        headers: { 'content-type': 'application/json', 'set-auth-token': 'session-token' },
      });
    });
  });

  afterEach(() => setGoogleIdTokenProvider(null));

  it("signs in with the device account's ID token, without leaving the app", async () => {
    setGoogleIdTokenProvider({ signIn: async () => ({ idToken: 'google-id-token', accessToken: 'google-access-token' }), signOut: async () => {} });
    renderApp(table, { api, path: '/auth' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    const request = api.requests.find((candidate) => candidate.path === '/api/auth/sign-in/social');
    expect(request?.body).toEqual({ provider: 'google', idToken: { token: 'google-id-token', accessToken: 'google-access-token' } });
    await waitFor(() => expect(api.viewer?.id).toBe(customer.id));
    // Still in the app: no navigation to Google's pages (jsdom would report one as an error).
    expect(window.location.pathname).not.toContain('accounts.google');
    expect(localStorage.getItem('freshcart-session-token')).toBe('session-token');
  });

  it("says 'Sign in failed' when the device gives no token", async () => {
    setGoogleIdTokenProvider({ signIn: async () => Promise.reject(new Error('GoogleAuth plugin is missing from this Android build')), signOut: async () => {} });
    renderApp(table, { api, path: '/auth' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
    expect(api.requests.some((candidate) => candidate.path === '/api/auth/sign-in/social')).toBe(false);
  });
});
