const key = 'redirectAfterLogin';

/** Remembers where a signed-out visitor was going, so sign-in can take them back there. */
export function storeRedirectAfterLogin(path: string) {
  sessionStorage.setItem(key, path);
}

/** Where to go after signing in: the remembered path, or home. */
export function peekRedirectAfterLogin(): string {
  const path = sessionStorage.getItem(key);
  // Only same-site paths: never an absolute URL from storage.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

export function clearRedirectAfterLogin() {
  sessionStorage.removeItem(key);
}

