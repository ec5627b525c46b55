import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRole } from '@/shared/roles';
import type { Db } from '../db/client';
import { readViewer } from '../read-models/read-viewer';
import type { Auth } from './auth';
import type { Viewer } from './context';

function signatureMatches(value: string, signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(value).digest();
  for (const encoding of ['base64', 'base64url'] as const) {
    const given = Buffer.from(signature, encoding);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}

/** The session token of a signed value 'token.signature', or null when the signature is wrong. */
export function verifySignedToken(signed: string, secret: string): string | null {
  let value = signed;
  try {
    if (value.includes('%')) value = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  return signatureMatches(token, value.slice(dot + 1), secret) ? token : null;
}

export interface SessionHeaders {
  cookie?: string;
  authorization?: string;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * Reads the viewer of an API request in one query. better-auth issues, refreshes and revokes
 * sessions; this only checks its signed session cookie (or the native app's bearer token, raw or
 * signed, as better-auth's bearer plugin accepts) and reads its session table, because going through
 * better-auth for every API call costs several milliseconds of CPU each.
 */
export function createSessionReader(options: { auth: Auth; db: Db }) {
  const context = options.auth.$context;

  async function tokenOf({ cookie, authorization }: SessionHeaders): Promise<string | null> {
    const { secret, authCookies } = await context;
    if (authorization && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
      const bearer = authorization.slice(7).trim();
      if (!bearer) return null;
      return bearer.includes('.') ? verifySignedToken(bearer, secret) : bearer;
    }
    const signed = cookieValue(cookie, authCookies.sessionToken.name);
    return signed ? verifySignedToken(signed, secret) : null;
  }

  return async function readSession(headers: SessionHeaders): Promise<Viewer | null> {
    const token = await tokenOf(headers);
    if (!token) return null;
    const [row] = await readViewer(options.db, { token });
    if (!row || !isRole(row.role)) return null;
    return { ...row, role: row.role };
  };
}
