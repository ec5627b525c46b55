import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedImage } from '@/shared/contracts/staff';
import type { DiagnosticsReport } from '@/shared/contracts/diagnostics';
import { parseEnv } from '../env';
import { expectJson } from '../test/expect-json';
import { signedInPerson } from '../test/order-fixture';
import { startS3StandIn, type S3StandIn } from '../test/s3-stand-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { createS3Storage } from './storage';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);
const credentials = { accessKeyId: 'stand-in-key', secretAccessKey: 'stand-in-secret' };

describe('S3-compatible image storage', () => {
  let s3: S3StandIn;

  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(async () => {
    await s3?.close();
  });

  const storage = () => createS3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.url, credentials, forcePathStyle: true });

  it('puts an object in the bucket, signed, and reads it back with its type', async () => {
    await storage().put('0a1b2c3d-photo.png', { data: png, contentType: 'image/png' });
    expect(s3.objects.get('0a1b2c3d-photo.png')).toEqual({ data: png, contentType: 'image/png' });
    const put = s3.requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ path: `/${s3.bucket}/0a1b2c3d-photo.png`, authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 Credential=stand-in-key\//) });
    expect(await storage().get('0a1b2c3d-photo.png')).toEqual({ data: png, contentType: 'image/png' });
  });

  it('answers nothing for a missing object and refuses a key that is not ours', async () => {
    expect(await storage().get('missing.png')).toBeUndefined();
    await expect(storage().put('../escape.png', { data: png, contentType: 'image/png' })).rejects.toThrow(/invalid storage key/);
  });

  it('is configured by S3_* variables; uploads land in the bucket and the diagnostics check writes to it and reads back', async () => {
    const env = parseEnv({ S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.url, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' });
    expect(env.s3).toEqual({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.url, credentials, forcePathStyle: true });
    const t: TestApp = await createTestApp({ kind: 'pglite', storage: createS3Storage(env.s3!) });
    try {
      const admin = await signedInPerson(t, { role: 'admin' });
      const body = new FormData();
      body.set('file', new File([new Uint8Array(png)], 'melon.png', { type: 'image/png' }));
      const stored = uploadedImage.parse(await expectJson(await admin.client.request('/api/uploads/images', { method: 'POST', body }), 201));
      const key = stored.url.split('/').pop()!;
      expect(s3.objects.get(key)?.data.equals(png)).toBe(true);
      const served = await t.client().request(stored.url);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      const report = await expectJson<DiagnosticsReport>(await admin.client.request('/api/admin/diagnostics'));
      expect(report.checks.find((check) => check.name === 'Storage')).toMatchObject({ status: 'pass', detail: expect.stringContaining(`S3 bucket ${s3.bucket}`) });
      await s3.close();
      const down = await expectJson<DiagnosticsReport>(await admin.client.request('/api/admin/diagnostics'));
      expect(down.checks.find((check) => check.name === 'Storage')).toMatchObject({ status: 'fail' });
      s3 = await startS3StandIn();
    } finally {
      await t.close();
    }
  });

  it('wants an access key and its secret together', () => {
    expect(() => parseEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set/);
    expect(parseEnv({}).s3).toBeNull();
  });
});
