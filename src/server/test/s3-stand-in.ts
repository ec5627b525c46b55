import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Request {
  method: string;
  path: string;
  authorization: string | null;
}

export interface S3StandIn {
  /** The endpoint to give the SDK, with path-style addressing. */
  url: string;
  bucket: string;
  /** Objects by key, as stored. */
  objects: Map<string, { data: Buffer; contentType: string }>;
  requests: S3Request[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The payload of an `aws-chunked` body: `<hex size>;chunk-signature=…\r\n<bytes>\r\n` … until a chunk of size 0. */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString().split(';')[0]!, 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

const noSuchKey = (key: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`;

/**
 * A small local HTTP server standing in for an S3-compatible bucket, for tests without the internet:
 * PUT and GET of objects with path-style addressing (`/<bucket>/<key>`), answering a missing object
 * with S3's NoSuchKey error. It keeps what it received, so a test can look at the stored bytes.
 */
export async function startS3StandIn(bucket = 'freshcart-test'): Promise<S3StandIn> {
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  const requests: S3Request[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push({ method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization ?? null });
      const [, requestedBucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (requestedBucket !== bucket || !key) {
        response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchBucket</Code><Message>No such bucket</Message></Error>');
        return;
      }
      if (request.method === 'PUT') {
        const raw = await bodyOf(request);
        const chunked = /aws-chunked/.test(String(request.headers['content-encoding'] ?? '')) || request.headers['x-amz-decoded-content-length'] !== undefined;
        objects.set(key, { data: chunked ? decodeAwsChunked(raw) : raw, contentType: String(request.headers['content-type'] ?? 'application/octet-stream') });
        response.writeHead(200, { etag: '"stand-in"' }).end();
        return;
      }
      if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          response.writeHead(404, { 'content-type': 'application/xml' }).end(noSuchKey(key));
          return;
        }
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.data.length }).end(object.data);
        return;
      }
      response.writeHead(405).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
