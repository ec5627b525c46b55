import { afterEach, describe, expect, it } from 'vitest';
import { authConfig } from '@/shared/contracts/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';

describe.each(databaseKinds)('GET /api/config map style on %s', (kind) => {
  let t: TestApp | undefined;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('offers no map style without a Mapbox token, so the web draws its offline map', async () => {
    t = await createTestApp({ kind, env: { MAPBOX_ACCESS_TOKEN: undefined } });
    const response = await t.request('/api/config');
    expect(response.status).toBe(200);
    expect(authConfig.parse(await response.json()).mapStyleUrl).toBeNull();
  });

  it("offers Mapbox's streets style with the token when one is configured", async () => {
    t = await createTestApp({ kind, env: { MAPBOX_ACCESS_TOKEN: 'pk.test-token', MAPBOX_API_URL: 'https://maps.example.test' } });
    const response = await t.request('/api/config');
    expect(response.status).toBe(200);
    const { mapStyleUrl } = authConfig.parse(await response.json());
    expect(mapStyleUrl).toBe('https://maps.example.test/styles/v1/mapbox/streets-v12?access_token=pk.test-token');
  });
});
