import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseEncoding } from './static-assets';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const jsonType = /^application\/(?:[\w.+-]+\+)?json\b/i;
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Levels for compressing on every request, where CPU time counts as much as bytes: brotli 4 and
 * gzip 6 take about the same time, and brotli's output is smaller (figures in docs/benchmarks.md).
 * Both run on libuv's thread pool, off the thread that serves requests.
 */
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
}

/**
 * Compresses JSON responses of at least `threshold` bytes with brotli or gzip, as the client's
 * Accept-Encoding allows. Other types pass untouched: event streams must flush each message as it
 * is written, and the web app's files are compressed once at build time.
 */
export function compressJson(options: CompressJsonOptions = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  return async (c, next) => {
    await next();
    const response = c.res;
    if (c.req.method === 'HEAD' || !response.body || response.status === 204 || response.status === 206) return;
    if (!jsonType.test(response.headers.get('content-type') ?? '')) return;
    if (response.headers.has('content-encoding') || noTransform.test(response.headers.get('cache-control') ?? '')) return;
    const declaredLength = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declaredLength < threshold) return;

    const body = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    const encoding = body.length >= threshold ? chooseEncoding(c.req.header('accept-encoding'), ['br', 'gzip']) : undefined;
    let sent = body;
    if (body.length >= threshold) {
      const vary = headers.get('vary');
      if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
        headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
    }
    if (encoding) {
      sent = new Uint8Array(await compressors[encoding](body));
      headers.set('content-encoding', encoding);
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    }
    headers.set('content-length', String(sent.length));
    // Cleared first so the context does not copy the old response's headers (its length) onto the new one.
    c.res = undefined;
    c.res = new Response(sent, { status: response.status, statusText: response.statusText, headers });
  };
}
