import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import type { PushMessage } from '@/shared/contracts/notifications';
import { createPushInbox } from './push-inbox';

export interface ReceivedPush {
  device: string;
  message: PushMessage;
  ttl: number;
}

export interface PushDevice {
  id: string;
  /** What the browser would send to PUT /api/notifications/subscription. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The push service forgets this device: its endpoint answers 410 Gone from now on. */
  unsubscribeAtService(): void;
}

const base64Url = (bytes: Buffer) => bytes.toString('base64url');

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A push service on loopback, as browsers' vendors run them: each device gets an endpoint; a push is
 * accepted only with a VAPID Authorization header signed by the expected application server key for
 * this origin, and its aes128gcm body is decrypted with the device's own keys, as the browser would.
 * A refused or undecryptable push is answered 4xx and kept in `refused`.
 */
export async function startPushEndpoint(options: { vapidPublicKey: string }) {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; authSecret: Buffer; gone: boolean }>();
  const inbox = createPushInbox<ReceivedPush>();
  const refused: string[] = [];
  const verificationKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: base64Url(Buffer.from(options.vapidPublicKey, 'base64url').subarray(1, 33)),
      y: base64Url(Buffer.from(options.vapidPublicKey, 'base64url').subarray(33, 65)),
    },
    'ES256',
  );

  const server = createServer((request, response) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      const body = await readBody(request);
      if (!id || !device || device.gone) {
        response.writeHead(410).end();
        return;
      }
      const refuse = (why: string) => {
        refused.push(why);
        response.writeHead(403).end(why);
      };
      const authorization = /^vapid t=([^,\s]+),\s*k=([\w-]+)$/.exec(request.headers.authorization ?? '');
      if (!authorization) return refuse('no VAPID authorization');
      if (authorization[2] !== options.vapidPublicKey) return refuse('another application server key');
      try {
        const { payload } = await jwtVerify(authorization[1]!, verificationKey, { audience: `http://${request.headers.host}` });
        if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return refuse('no contact in the VAPID subject');
      } catch {
        return refuse('bad VAPID signature');
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse('not aes128gcm');
      let message: PushMessage;
      try {
        message = JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.authSecret }).toString('utf8')) as PushMessage;
      } catch {
        return refuse('payload does not decrypt');
      }
      const push = { device: id, message, ttl: Number(request.headers.ttl) };
      inbox.deliver(push);
      response.writeHead(201).end();
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    received: inbox.received,
    refused,
    /** A new browser's subscription. */
    device(): PushDevice {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const entry = { ecdh, authSecret, gone: false };
      devices.set(id, entry);
      return {
        id,
        subscription: { endpoint: `${url}/push/${id}`, keys: { p256dh: base64Url(ecdh.getPublicKey()), auth: base64Url(authSecret) } },
        unsubscribeAtService: () => {
          entry.gone = true;
        },
      };
    },
    /** The push to this device matching `match` (already received, or the next one); fails after a few seconds. */
    waitFor: (device: PushDevice, match?: (message: PushMessage) => boolean) => inbox.waitFor(device.id, match),
    /** What reached this device. */
    messagesTo: (device: PushDevice) => inbox.messagesTo(device.id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
