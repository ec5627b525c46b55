import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './src/server/lib/precompress';
import { librariesEntry } from './src/web/app/prepaint/libraries-entry';
import { prepaintPlugin, themeScriptPlugin } from './src/web/app/prepaint/prepaint-plugin';
import { pwaCopy } from './src/shared/copy';
import { navigateFallbackDenylist, runtimeCaching } from './src/web/features/pwa/caching-rules';

/** The light theme's --primary and --background (src/web/styles.css). */
const brandColor = '#007f35';
const backgroundColor = '#ffffff';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    themeScriptPlugin(),
    // The home page and the product list paint from index.html before the app's code arrives (ADR 054); the
    // product list's first pictures are shown in it as soon as the list is in (ADR 061).
    prepaintPlugin({
      root: fileURLToPath(new URL('.', import.meta.url)),
      pages: [
        { path: '/', routeModule: 'src/web/app/routes/shop/home.tsx' },
        { path: '/products', routeModule: 'src/web/app/routes/shop/products.tsx' },
      ],
      librariesEntry,
    }),
    // The installable app: a web manifest and a Workbox service worker (ADR 036).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png', 'icons/favicon-48.png'],
      manifest: {
        id: '/',
        name: pwaCopy.manifest.name,
        short_name: pwaCopy.manifest.shortName,
        description: pwaCopy.manifest.description,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: brandColor,
        background_color: backgroundColor,
        categories: ['food', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist,
        runtimeCaching,
        cleanupOutdatedCaches: true,
        // The first worker takes the open page at once, so its catalog reads are saved from the first
        // visit; a later version waits for the customer's Reload (registerType 'prompt').
        clientsClaim: true,
        // Showing pushes and opening their page on a click (ADR 037).
        importScripts: ['push-handler.js'],
      },
    }),
    // Brotli and gzip files beside the built assets: the server picks one per request, at no CPU cost.
    precompressPlugin(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The module graph of the build (.vite/manifest.json): the first-load budget is computed from it.
    manifest: true,
    rolldownOptions: {
      // The libraries' entry, which the app loader runs before the app's (src/web/start-libraries.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'start-libraries': fileURLToPath(new URL(`./${librariesEntry}`, import.meta.url)),
      },
      output: {
        codeSplitting: {
          // What every page runs, apart from the app's own code, which changes with each release: the
          // browser keeps it cached across deploys. Other libraries stay with the pages that use them.
          groups: [
            { name: 'react-vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/ },
            // Each area of the copy catalogue but the shop's in a chunk of its own, loaded with the pages
            // that use it: left to itself the bundler merges an area into the shop's words, which every
            // page loads (ADR 045).
            {
              name: (id) => `copy-${path.basename(id, '.ts')}`,
              test: /[\\/]src[\\/]shared[\\/]copy[\\/](?!shop\.ts|payments\.ts|index\.ts)[\w-]+\.ts$/,
              // The shop's words an area uses stay where they are.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
