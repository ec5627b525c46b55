import { getAbsoluteFSPath } from 'swagger-ui-dist';

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
