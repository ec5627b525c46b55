const key = 'redirectAfterLogin';

/** Remembers where a signed-out visitor was going, so sign-in can take them back there. */
export function storeRedirectAfterLogin(path: string) {
  sessionStorage.setItem(key, path);
}

export function takeRedirectAfterLogin(): string {
  const path = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  // Only same-site paths: never an absolute URL from storage.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
