import { createRoute, z } from '@hono/zod-openapi';
import { uploadedImage } from '@/shared/contracts/staff';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { readImage, storeImage } from './store-image';

const tags = ['Uploads'];

const uploadRoute = createRoute({
  method: 'post',
  path: '/images',
  tags,
  summary: 'Upload a product or dish image (admins, managers, kitchen owners)',
  description: 'multipart/form-data with the image in `file`: JPEG, PNG or WebP (told by its bytes), at most 5 MB.',
  request: {
    body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any().optional().openapi({ type: 'string', format: 'binary' }) }) } }, required: true },
  },
  responses: { 201: jsonContent(uploadedImage, 'Where the image is served from'), ...errorResponses(400, 401, 403, 413) },
});

const readRoute = createRoute({
  method: 'get',
  path: '/{key}',
  tags,
  summary: 'An uploaded image',
  request: { params: z.object({ key: z.string().max(100) }) },
  responses: { 200: { content: { 'image/*': { schema: z.string() } }, description: 'The image' }, ...errorResponses(404) },
});

export function createUploadRoutes(deps: AppDeps) {
  return createRouter()
    .openapi({ ...uploadRoute, middleware: [requireSession(deps), requireRole('admin', 'manager', 'cloud_kitchen')] }, async (c) => {
      const body = await c.req.parseBody();
      return c.json(await storeImage({ storage: deps.storage, file: body.file }), 201);
    })
    .openapi(readRoute, async (c) => {
      const file = await readImage({ storage: deps.storage, key: c.req.valid('param').key });
      // A new upload gets a new name, so what is behind a name never changes.
      return c.body(new Uint8Array(file.data), 200, {
        'content-type': file.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
    });
}
