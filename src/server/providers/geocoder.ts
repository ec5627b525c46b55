import zipcodes from 'zipcodes';
import type { Logger } from '../lib/logger';

export interface GeocodeQuery {
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
}

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** The two-letter state the geocoder placed the address in, when it says. */
  state?: string;
}

export interface Geocoder {
  readonly name: string;
  /** Coordinates for an address, or null when it cannot be placed. */
  geocode(query: GeocodeQuery): Promise<GeocodeResult | null>;
  /** Proves the geocoder answers, for diagnostics; returns a one-line description. */
  verify(): Promise<string>;
}

const probe: GeocodeQuery = { streetAddress: '113 W 8th St', city: 'Georgetown', state: 'TX', zipCode: '78626' };

/** Offline default: the centre of the address's US ZIP code, from a packaged ZIP database. */
export function createZipCodeGeocoder(): Geocoder {
  return {
    name: 'zip-codes',
    async geocode(query) {
      const place = zipcodes.lookup(query.zipCode.slice(0, 5));
      if (!place) return null;
      return { latitude: place.latitude, longitude: place.longitude, state: place.state };
    },
    async verify() {
      if (!zipcodes.lookup(probe.zipCode)) throw new Error('The ZIP code database is empty');
      return 'Offline US ZIP code database (ZIP centre)';
    },
  };
}

interface MapboxFeatureCollection {
  features?: Array<{
    geometry?: { coordinates?: [number, number] };
    properties?: { context?: { region?: { region_code?: string } } };
  }>;
}

/**
 * Mapbox forward geocoding (v6, structured input). When Mapbox cannot be reached, or finds no match,
 * the ZIP geocoder answers instead, so saving an address never fails because a provider is down.
 */
export function createMapboxGeocoder(options: {
  accessToken: string;
  baseUrl: string;
  fallback: Geocoder;
  logger: Logger;
  timeoutMs?: number;
}): Geocoder {
  const { accessToken, baseUrl, fallback, logger, timeoutMs = 5000 } = options;

  async function forward(query: GeocodeQuery): Promise<GeocodeResult | null> {
    const url = new URL('/search/geocode/v6/forward', baseUrl);
    url.search = new URLSearchParams({
      address_line1: query.streetAddress,
      place: query.city,
      region: query.state,
      postcode: query.zipCode,
      country: 'us',
      limit: '1',
      access_token: accessToken,
    }).toString();
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`Mapbox answered ${response.status}`);
    const body = (await response.json()) as MapboxFeatureCollection;
    const feature = body.features?.[0];
    const coordinates = feature?.geometry?.coordinates;
    if (!coordinates) return null;
    const [longitude, latitude] = coordinates;
    return { latitude, longitude, state: feature.properties?.context?.region?.region_code };
  }

  return {
    name: 'mapbox',
    async geocode(query) {
      try {
        // An address Mapbox cannot match may still have a known ZIP code.
        return (await forward(query)) ?? (await fallback.geocode(query));
      } catch (error) {
        logger.warn({ err: error }, 'Mapbox geocoding failed; using the ZIP code database');
        return fallback.geocode(query);
      }
    },
    async verify() {
      const result = await forward(probe);
      if (!result) throw new Error('Mapbox found no match for a known address');
      return 'Mapbox geocoding';
    },
  };
}

export function createGeocoder(options: { mapboxAccessToken?: string; mapboxApiUrl: string; logger: Logger }): Geocoder {
  const zipCodes = createZipCodeGeocoder();
  return options.mapboxAccessToken
    ? createMapboxGeocoder({ accessToken: options.mapboxAccessToken, baseUrl: options.mapboxApiUrl, fallback: zipCodes, logger: options.logger })
    : zipCodes;
}
