import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import type { PushMessage } from '@/shared/contracts/notifications';
import { createPushInbox } from './push-inbox';

export interface ReceivedFcmMessage {
  device: string;
  message: PushMessage;
  /** The rest of the message as FCM received it. */
  android: { ttl: string; collapseKey: string; tag: string };
}

export interface FcmDevice {
  /** What the app's push plugin hands over at registration. */
  token: string;
  /** The app was uninstalled (or its token deleted): FCM answers 404 UNREGISTERED from now on. */
  unregisterAtFcm(): void;
}

const scope = 'https://www.googleapis.com/auth/firebase.messaging';
const projectId = 'freshcart-test';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function fcmError(response: ServerResponse, status: number, errorCode: string, tokenAtFault = false) {
  const details: object[] = [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }];
  if (tokenAtFault) details.push({ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'message.token', description: 'The registration token is not a valid FCM registration token' }] });
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: status, message: errorCode, status: errorCode, details } }));
}

/**
 * Google's OAuth2 token endpoint and FCM's HTTP v1 API on loopback. The token endpoint accepts only
 * a JWT-bearer grant whose assertion is signed (RS256) by the service account's key, issued by its
 * e-mail address for this token URI and the messaging scope, and answers with an access token. FCM
 * accepts a message only with an access token it issued and has not expired or revoked, on the
 * project's path, for a token of a device it knows, in the v1 message shape. Refusals are kept in
 * `refused`.
 */
export async function startFcmEndpoint() {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const verificationKey = await importSPKI(keys.publicKey, 'RS256');
  const devices = new Map<string, { gone: boolean }>();
  const accessTokens = new Map<string, number>();
  const inbox = createPushInbox<ReceivedFcmMessage>();
  const refused: string[] = [];
  let exchanges = 0;
  let expiresInSeconds = 3600;
  let url = '';

  async function exchange(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const refuse = (why: string) => {
      refused.push(why);
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant', error_description: why }));
    };
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') return refuse('not a form');
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('not a JWT-bearer grant');
    try {
      const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', verificationKey, {
        algorithms: ['RS256'],
        issuer: account.client_email,
        audience: account.token_uri,
        requiredClaims: ['iat', 'exp'],
      });
      if (protectedHeader.typ !== 'JWT') return refuse('not a JWT');
      if (payload.scope !== scope) return refuse('another scope');
      if (payload.exp! - payload.iat! > 3600) return refuse('assertion lives over an hour');
    } catch {
      return refuse('bad assertion');
    }
    exchanges += 1;
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(token, Date.now() + expiresInSeconds * 1000);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: token, expires_in: expiresInSeconds, token_type: 'Bearer' }));
  }

  async function send(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? accessTokens.get(bearer) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      refused.push('no valid access token');
      return fcmError(response, 401, 'UNAUTHENTICATED');
    }
    const message = (JSON.parse(body) as { message?: Record<string, never> }).message;
    const { token, notification, data, android } = (message ?? {}) as {
      token?: string;
      notification?: { title?: unknown; body?: unknown };
      data?: { url?: unknown; tag?: unknown };
      android?: { ttl?: unknown; collapse_key?: unknown; notification?: { tag?: unknown } };
    };
    const device = token ? devices.get(token) : undefined;
    if (!device) return fcmError(response, 400, 'INVALID_ARGUMENT', true);
    if (device.gone) return fcmError(response, 404, 'UNREGISTERED');
    const texts = [notification?.title, notification?.body, data?.url, data?.tag, android?.collapse_key, android?.notification?.tag];
    if (!texts.every((value) => typeof value === 'string') || typeof android?.ttl !== 'string' || !/^\d+(\.\d{1,9})?s$/.test(android.ttl)) {
      refused.push('not a v1 message');
      return fcmError(response, 400, 'INVALID_ARGUMENT');
    }
    const entry: ReceivedFcmMessage = {
      device: token!,
      message: { title: notification!.title as string, body: notification!.body as string, url: data!.url as string, tag: data!.tag as string },
      android: { ttl: android.ttl, collapseKey: android.collapse_key as string, tag: android.notification!.tag as string },
    };
    inbox.deliver(entry);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: `projects/${projectId}/messages/${randomUUID()}` }));
  }

  const server = createServer((request, response) => {
    const route =
      request.method === 'POST' && request.url === '/token' ? exchange : request.method === 'POST' && request.url === `/v1/projects/${projectId}/messages:send` ? send : null;
    if (!route) {
      refused.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
      return;
    }
    route(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** The service account key file, as the Firebase console downloads it. */
  const account = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: keys.privateKey,
    client_email: `push-sender@${projectId}.iam.gserviceaccount.com`,
    client_id: '100000000000000000000',
    token_uri: `${url}/token`,
  };

  return {
    url,
    account,
    received: inbox.received,
    refused,
    /** How many access tokens were handed out. */
    exchanges: () => exchanges,
    /** The lifetime of the access tokens handed out from now on. */
    setAccessTokenLifetime(seconds: number) {
      expiresInSeconds = seconds;
    },
    /** Every access token handed out so far stops working, as when a key is revoked. */
    revokeAccessTokens: () => accessTokens.clear(),
    /** A new app install's registration token. */
    device(): FcmDevice {
      const token = `${randomBytes(16).toString('base64url')}:APA91b${randomBytes(100).toString('base64url')}`;
      const entry = { gone: false };
      devices.set(token, entry);
      return {
        token,
        unregisterAtFcm: () => {
          entry.gone = true;
        },
      };
    },
    /** The message to this device matching `match` (already received, or the next one); fails after a few seconds. */
    waitFor: (device: FcmDevice, match?: (message: PushMessage) => boolean) => inbox.waitFor(device.token, match),
    /** What reached this device. */
    messagesTo: (device: FcmDevice) => inbox.messagesTo(device.token),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
