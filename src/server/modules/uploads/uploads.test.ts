import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedImage } from '@/shared/contracts/staff';
import { uploadRefusals } from '@/shared/copy';
import { expectJson } from '../../test/expect-json';
import { signedInPerson, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { MAX_IMAGE_BYTES } from './store-image';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function form(bytes: Buffer, name = 'photo.png', type = 'image/png'): FormData {
  const data = new FormData();
  data.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return data;
}

describe.each(databaseKinds)('image uploads on %s', (kind) => {
  let t: TestApp;
  let admin: Person;
  let kitchen: Person;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    admin = await signedInPerson(t, { role: 'admin' });
    kitchen = await signedInPerson(t, { role: 'cloud_kitchen' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (who: Person, body: FormData) => who.client.request('/api/uploads/images', { method: 'POST', body });

  it('keeps an image under a new name and serves it back unchanged', async () => {
    const stored = uploadedImage.parse(await expectJson(await upload(kitchen, form(png, '../../etc/passwd.png')), 201));
    expect(stored).toMatchObject({ contentType: 'image/png', bytes: png.length });
    expect(stored.url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await t.client().request(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuses a file that is not an image whatever its name says, an empty one, and one too large', async () => {
    const fake = await expectJson<{ error: { fields: { file: string } } }>(await upload(admin, form(Buffer.from('<script>alert(1)</script>'), 'x.png')), 400);
    expect(fake.error.fields.file).toBe(uploadRefusals.notAnImage);
    const empty = await expectJson<{ error: { fields: { file: string } } }>(await upload(admin, form(Buffer.alloc(0))), 400);
    expect(empty.error.fields.file).toBe(uploadRefusals.missing);
    const missing = await expectJson<{ error: { fields: { file: string } } }>(await upload(admin, new FormData()), 400);
    expect(missing.error.fields.file).toBe(uploadRefusals.missing);
    const huge = await upload(admin, form(Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)])));
    expect([400, 413]).toContain(huge.status);
    expect(await huge.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it('answers 404 for a name that was never stored or is not ours', async () => {
    for (const key of ['00000000-0000-4000-8000-000000000000.png', '..%2F..%2Fpackage.json', 'x.svg']) {
      expect((await t.client().request(`/api/uploads/${key}`)).status).toBe(404);
    }
  });
});
