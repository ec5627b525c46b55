import type { OpenAPIHono } from '@hono/zod-openapi';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import type { Auth } from './auth';
import type { AppEnv } from './context';

/** Swagger UI is served from the installed package, so the docs work offline. */
export const swaggerAssetsRoot = getAbsoluteFSPath();

export function docsPage() {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>FreshCart API</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;
}

export function docsInitScript(specUrl: string) {
  return `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(specUrl)}, dom_id: '#swagger-ui' });`;
}

/** Our routes' document, with better-auth's endpoints added under /api/auth. */
export async function buildOpenApiDocument(app: OpenAPIHono<AppEnv>, auth: Auth) {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'FreshCart API', version: '1.0.0', description: 'Errors answer { error: { code, message, fields? } }.' },
  });
  const authDocument = await auth.api.generateOpenAPISchema();
  const authPaths = Object.fromEntries(
    Object.entries(authDocument.paths ?? {}).map(([path, item]) => [`/api/auth${path}`, item]),
  );
  return {
    ...document,
    paths: { ...document.paths, ...authPaths },
    components: {
      ...document.components,
      schemas: { ...(authDocument.components?.schemas ?? {}), ...(document.components?.schemas ?? {}) },
    },
  };
}
