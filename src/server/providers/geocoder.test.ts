import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMapboxGeocoder, createZipCodeGeocoder } from './geocoder';

const query = { streetAddress: '30 Montgomery St', city: 'Jersey City', state: 'NJ', zipCode: '07302' };

describe('ZIP code geocoder (offline default)', () => {
  it('places an address at its ZIP code and says which state that is', async () => {
    expect(await createZipCodeGeocoder().geocode(query)).toEqual({ latitude: 40.7221, longitude: -74.0469, state: 'NJ' });
    expect(await createZipCodeGeocoder().geocode({ ...query, zipCode: '07302-1234' })).toMatchObject({ state: 'NJ' });
  });

  it('answers null for an unknown ZIP code', async () => {
    expect(await createZipCodeGeocoder().geocode({ ...query, zipCode: '00000' })).toBeNull();
  });
});

describe('Mapbox geocoder adapter', () => {
  let baseUrl = '';
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const seen: URL[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    seen.push(new URL(request.url ?? '/', 'http://mapbox.test'));
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function geocoder() {
    return createMapboxGeocoder({ accessToken: 'pk.test-token', baseUrl, fallback: createZipCodeGeocoder(), logger, timeoutMs: 1000 });
  }

  it('asks the v6 forward endpoint with the structured address and reads [longitude, latitude]', async () => {
    answer = {
      status: 200,
      body: { features: [{ geometry: { coordinates: [-74.0431, 40.7178] }, properties: { context: { region: { region_code: 'NJ' } } } }] },
    };
    expect(await geocoder().geocode(query)).toEqual({ latitude: 40.7178, longitude: -74.0431, state: 'NJ' });
    const url = seen.at(-1)!;
    expect(url.pathname).toBe('/search/geocode/v6/forward');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      address_line1: '30 Montgomery St',
      place: 'Jersey City',
      region: 'NJ',
      postcode: '07302',
      country: 'us',
      access_token: 'pk.test-token',
    });
  });

  it('falls back to the ZIP code when Mapbox finds no match, and answers null when neither knows the address', async () => {
    answer = { status: 200, body: { features: [] } };
    expect(await geocoder().geocode(query)).toEqual({ latitude: 40.7221, longitude: -74.0469, state: 'NJ' });
    expect(await geocoder().geocode({ ...query, zipCode: '00000' })).toBeNull();
  });

  it('falls back to the ZIP code database when Mapbox fails', async () => {
    answer = { status: 401, body: { message: 'Not Authorized - Invalid Token' } };
    expect(await geocoder().geocode(query)).toEqual({ latitude: 40.7221, longitude: -74.0469, state: 'NJ' });
    await expect(geocoder().verify()).rejects.toThrow('Mapbox answered 401');
  });
});
