import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { precompressedEncodings, type PrecompressedEncoding } from './precompress';

/** Built chunks carry a hash of their content in their name, so a browser may keep them forever. */
const immutable = 'public, max-age=31536000, immutable';
/**
 * Everything else (the page, the favicon, the service worker and the web manifest) keeps its name
 * across deploys: ask each time, cheaply, by ETag. A new sw.js is how a new version is found (ADR 036).
 */
const revalidate = 'no-cache';

/**
 * Files the browser asks for by name outside /assets/ and would choke on the page in their place:
 * the service worker, its Workbox runtime and the web manifest.
 */
const neverThePage = /^\/(?:sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;

interface AcceptedCoding {
  coding: string;
  q: number;
}

function parseAcceptEncoding(header: string | undefined): AcceptedCoding[] {
  if (!header) return [];
  return header.split(',').flatMap((part) => {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) return [];
    const qParam = params.find((param) => /^q=/i.test(param));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return [{ coding: name.toLowerCase(), q: Number.isFinite(q) ? q : 0 }];
  });
}

/**
 * The encoding to send among those available: the one the client weighs highest, and on a tie the
 * first of `available`, which lists the server's preference. Undefined means the body as it is.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly PrecompressedEncoding[],
): PrecompressedEncoding | undefined {
  const accepted = parseAcceptEncoding(acceptEncoding);
  const wildcard = accepted.find((entry) => entry.coding === '*')?.q ?? 0;
  let best: { encoding: PrecompressedEncoding; q: number } | undefined;
  for (const encoding of available) {
    const explicit = accepted.find((entry) => entry.coding === encoding || (encoding === 'gzip' && entry.coding === 'x-gzip'));
    const q = explicit ? explicit.q : wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

async function fileStats(file: string) {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The file a request path names inside the root, or undefined for a path that cannot name one:
 * malformed percent-encoding, a NUL byte, a backslash, a dot segment or a hidden file.
 */
function fileForPath(root: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment.startsWith('.') || /[\\\0]/.test(segment))) return undefined;
  return path.join(root, ...segments);
}

/**
 * Sends one built file, or its brotli or gzip companion when the client accepts it. Answers
 * undefined when the file is gone (a rebuild in progress), so the caller can fall back.
 */
async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response | undefined> {
  const original = await fileStats(file);
  if (!original) return undefined;
  const companions = await Promise.all(
    precompressedEncodings.map(async ({ encoding, suffix }) => ({ encoding, suffix, stats: await fileStats(file + suffix) })),
  );
  // In the order of precompressedEncodings: brotli first, its files being the smallest.
  const available = companions.filter((companion) => companion.stats).map((companion) => companion.encoding);
  const chosen = companions.find((companion) => companion.encoding === chooseEncoding(c.req.header('accept-encoding'), available));
  const sent = chosen ? { file: file + chosen.suffix, stats: chosen.stats! } : { file, stats: original };

  // One validator per encoding: the files differ, so their tags must too.
  const etag = `"${sent.stats.size.toString(36)}-${Math.trunc(sent.stats.mtimeMs).toString(36)}${chosen ? `-${chosen.encoding}` : ''}"`;
  const ifNoneMatch = c.req.header('if-none-match');
  const unchanged = ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
  let body: Buffer | undefined;
  if (!unchanged) {
    try {
      body = await readFile(sent.file);
    } catch {
      return undefined;
    }
  }

  c.header('Content-Type', getMimeType(file) ?? 'application/octet-stream');
  c.header('Cache-Control', cacheControl);
  // Caches must keep one copy per encoding whenever there is a choice, the plain one included.
  if (available.length > 0) c.header('Vary', 'Accept-Encoding', { append: true });
  c.header('ETag', etag);
  if (!body) return c.body(null, 304);
  if (chosen) c.header('Content-Encoding', chosen.encoding);
  c.header('Content-Length', String(body.length));
  return c.body(new Uint8Array(body), 200);
}

/**
 * The built single-page app: files from the root, with precompressed companions chosen by
 * Accept-Encoding, and index.html for every other path, which belongs to the app's router. A missing
 * file under /assets/, or a missing service worker or manifest, is a 404: answering with the page
 * would hand the browser HTML where it expects a script or JSON.
 */
export function serveWebApp(options: { root: string }): MiddlewareHandler {
  const root = path.resolve(options.root);
  const indexFile = path.join(root, 'index.html');
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const file = fileForPath(root, c.req.path);
    const isAsset = c.req.path.startsWith('/assets/');
    if (file && file !== indexFile) {
      const response = await sendFile(c, file, isAsset ? immutable : revalidate);
      if (response) return response;
    }
    if (isAsset || neverThePage.test(c.req.path)) return c.text('Not found', 404);
    return (await sendFile(c, indexFile, revalidate)) ?? next();
  };
}
