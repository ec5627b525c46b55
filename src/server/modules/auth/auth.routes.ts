import { createRoute } from '@hono/zod-openapi';
import { authConfig, profile, profileUpdate } from '@/shared/contracts/auth';
import type { AppDeps } from '../../lib/context';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { createRouter } from '../../lib/openapi';
import { requireSession } from '../../lib/require-role';
import { getProfile } from './get-profile';
import { updateProfile } from './update-profile';

const getMyProfile = createRoute({
  method: 'get',
  path: '/',
  tags: ['Profile'],
  summary: "The signed-in user's profile",
  responses: { 200: jsonContent(profile, 'The profile'), ...errorResponses(401) },
});

const patchMyProfile = createRoute({
  method: 'patch',
  path: '/',
  tags: ['Profile'],
  summary: "Update the signed-in user's profile",
  request: { body: jsonBody(profileUpdate) },
  responses: { 200: jsonContent(profile, 'The updated profile'), ...errorResponses(400, 401) },
});

export function createProfileRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps));
  return router
    .openapi(getMyProfile, async (c) => c.json(await getProfile({ db, viewer: c.var.viewer }), 200))
    .openapi(patchMyProfile, async (c) =>
      c.json(await updateProfile({ db, viewer: c.var.viewer, changes: c.req.valid('json') }), 200),
    );
}

const getAuthConfig = createRoute({
  method: 'get',
  path: '/',
  tags: ['Profile'],
  summary: 'Which sign-in methods and map tiles this server offers',
  responses: { 200: jsonContent(authConfig, 'Sign-in methods and the map style') },
});

export function createAuthConfigRoutes(deps: AppDeps) {
  const googleSignIn = Boolean(deps.env.GOOGLE_CLIENT_ID && deps.env.GOOGLE_CLIENT_SECRET);
  const mapStyleUrl = mapboxStyleUrl(deps.env);
  return createRouter().openapi(getAuthConfig, (c) => c.json({ googleSignIn, mapStyleUrl }, 200));
}

/**
 * Mapbox's streets style through its styles API, which MapLibre reads as it is; the token travels to
 * every browser, so it must be a public (pk.) token restricted to the site's URLs.
 */
function mapboxStyleUrl(env: AppDeps['env']): string | null {
  if (!env.MAPBOX_ACCESS_TOKEN) return null;
  const url = new URL('/styles/v1/mapbox/streets-v12', env.MAPBOX_API_URL);
  url.searchParams.set('access_token', env.MAPBOX_ACCESS_TOKEN);
  return url.toString();
}
