import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseEncoding } from './static-assets';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const jsonType = /^application\/(?:[\w.+-]+\+)?json\b/i;
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const varyHasAcceptEncoding = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Levels for compressing on every request, where CPU time counts as much as bytes. On a page of the
 * product list, brotli 4 costs the server about a third more CPU than gzip 6 for a body 2 % smaller
 * (docs/benchmarks.md), so gzip is preferred and brotli serves clients that take nothing else. Both
 * run on libuv's thread pool, off the thread that serves requests.
 */
const preference = ['gzip', 'br'] as const;
const compressors = {
  br: (body: Uint8Array) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body: Uint8Array) => gzipAsync(body, { level: 6 }),
};

export interface CompressJsonOptions {
  /** Bodies smaller than this many bytes travel as they are: below about one packet, compression saves no time. */
  threshold?: number;
  /** Bytes of compressed answers kept for reuse; 0 turns reuse off. */
  memoBytes?: number;
}

/**
 * Compressed bodies by encoding and SHA-256 of the plain body, least recently used first. Catalog
 * pages are shared between visitors for a few seconds (ADR 004), so the same bytes go out many
 * times in a row; compressing them once instead of per request is most of the cost saved
 * (docs/benchmarks.md). Only a byte-identical body can ever get a stored answer.
 */
class CompressedMemo {
  readonly #entries = new Map<string, Uint8Array<ArrayBuffer>>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    const value = this.#entries.get(key);
    if (value) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Uint8Array<ArrayBuffer>) {
    if (value.length > this.maxBytes / 4 || this.#entries.has(key)) return;
    this.#entries.set(key, value);
    this.#bytes += value.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.length;
    }
  }
}

/** Answers marked private or no-store, or setting a cookie (a customer's own data), are compressed but never kept. */
const personal = /(?:^|,)\s*(?:private|no-store)\b/i;

/**
 * Compresses JSON responses of at least `threshold` bytes with gzip or brotli, as the client's
 * Accept-Encoding allows. Other types pass untouched: event streams must flush each message as it
 * is written, and the web app's files are compressed once at build time.
 */
export function compressJson(options: CompressJsonOptions = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  const memoBytes = options.memoBytes ?? 8 * 1024 * 1024;
  const memo = memoBytes > 0 ? new CompressedMemo(memoBytes) : undefined;
  async function compress(encoding: keyof typeof compressors, body: Uint8Array, reusable: boolean): Promise<Uint8Array<ArrayBuffer>> {
    if (!memo || !reusable) return new Uint8Array(await compressors[encoding](body));
    const key = `${encoding}:${createHash('sha256').update(body).digest('base64')}`;
    const known = memo.get(key);
    if (known) return known;
    const compressed = new Uint8Array(await compressors[encoding](body));
    memo.set(key, compressed);
    return compressed;
  }
  return async (c, next) => {
    await next();
    // Only headers and status until a body is worth reading: the Node adapter sends an untouched
    // answer straight from its string, and reading the body costs as much as a small request.
    const response = c.res;
    if (c.req.method === 'HEAD' || response.status < 200 || [204, 206, 304].includes(response.status)) return;
    const headers = response.headers;
    if (!jsonType.test(headers.get('content-type') ?? '')) return;
    if (headers.has('content-encoding') || noTransform.test(headers.get('cache-control') ?? '')) return;
    const declaredLength = Number(headers.get('content-length') ?? Number.NaN);
    if (declaredLength < threshold) return;
    // Any JSON answer may come compressed; its length is known only once it is read.
    const vary = headers.get('vary');
    if (vary !== '*' && !varyHasAcceptEncoding.test(vary ?? '')) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('accept-encoding'), preference);
    if (!encoding) return;

    const body = new Uint8Array(await response.arrayBuffer());
    const replacement = new Headers(headers);
    let sent = body;
    if (body.length >= threshold) {
      const reusable = !personal.test(headers.get('cache-control') ?? '') && !headers.has('set-cookie');
      sent = await compress(encoding, body, reusable);
      replacement.set('content-encoding', encoding);
      const etag = replacement.get('etag');
      if (etag && !etag.startsWith('W/')) replacement.set('etag', `W/${etag}`);
    }
    replacement.set('content-length', String(sent.length));
    // Cleared first so the context does not copy the old response's headers (its length) onto the new one.
    c.res = undefined;
    c.res = new Response(sent, { status: response.status, statusText: response.statusText, headers: replacement });
  };
}
