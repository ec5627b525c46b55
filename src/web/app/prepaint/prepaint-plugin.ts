import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { prepaintScript } from '../../../shared/prepaint-script';
import type { renderPrepaint as RenderPrepaint } from './render-prepaint';

export interface PrepaintPage {
  /** The address, matched exactly (and without a query string) by the prepaint script. */
  path: string;
  /** The route module the page lazily loads, relative to the project root. */
  routeModule: string;
}

/**
 * What the app's render touches of the browser, standing in for it while the page renders at build
 * time: a first-time visitor (nothing stored) whose media queries all answer no (the light theme). What
 * the render reads of them only changes things CSS lays out alike on every screen (the toasts' corner).
 */
function installBrowserStandIns(): () => void {
  const store = new Map<string, string>();
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  const noop = () => {};
  const standIns: Record<string, unknown> = {
    localStorage: storage,
    sessionStorage: storage,
    window: {
      localStorage: storage,
      sessionStorage: storage,
      location: new URL('http://localhost/'),
      matchMedia: () => ({ matches: false, addEventListener: noop, removeEventListener: noop }),
      addEventListener: noop,
      removeEventListener: noop,
    },
  };
  const global = globalThis as Record<string, unknown>;
  const saved = Object.keys(standIns).map((key) => [key, Object.getOwnPropertyDescriptor(global, key)] as const);
  for (const [key, value] of Object.entries(standIns)) Object.defineProperty(global, key, { value, configurable: true, writable: true });
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(global, key, descriptor);
      else delete global[key];
    }
  };
}

/** The JavaScript files a route chunk imports statically, all the way down, that the entry chunk does not. */
function chunkFiles(bundle: OutputBundle, chunk: OutputChunk, loadedByEntry: Set<string>): string[] {
  const files = new Set<string>([chunk.fileName]);
  const visit = (fileName: string) => {
    const imported = bundle[fileName];
    if (imported?.type !== 'chunk') return;
    for (const next of imported.imports) {
      if (files.has(next) || loadedByEntry.has(next)) continue;
      files.add(next);
      visit(next);
    }
  };
  visit(chunk.fileName);
  return [...files];
}

function staticImportsOf(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const next of chunk.imports) if (!seen.has(next)) staticImportsOf(bundle, next, seen);
  return seen;
}

/**
 * The stylesheet, which the first paint waits for, requested before the twenty-odd scripts that Vite
 * lists ahead of it: over HTTP/1.1's six connections it otherwise waits for a free one.
 */
function stylesheetsFirst(html: string): string {
  const anchor = /(\s*)(<script src="\/theme-init\.js">)/;
  // Without the place to put them back, the links would be taken out and the page left unstyled.
  if (!anchor.test(html)) throw new Error('prepaint: index.html has no theme-init.js script to put the stylesheets before');
  const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
  let moved = html;
  for (const link of stylesheets) moved = moved.replace(link, '');
  return moved.replace(anchor, `${stylesheets.join('')}$1$2`);
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * Puts into index.html, for each page listed, the markup of the app's own first render of it
 * (`render-prepaint.tsx`) in a <template>, with the files of its route chunk: the prepaint script paints
 * the one for the address opened, and has those files fetched beside the entry's, before any of the app's
 * JavaScript has arrived, and the app's first render then replaces it with the same markup (ADR 054).
 */
export function prepaintPlugin(options: { root: string; pages: PrepaintPage[] }): Plugin {
  return {
    name: 'freshcart:prepaint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const entry = Object.values(bundle).find((output): output is OutputChunk => output.type === 'chunk' && output.isEntry);
        if (!entry) throw new Error('prepaint: the build has no entry chunk');
        const loadedByEntry = staticImportsOf(bundle, entry.fileName);

        const server = await createServer({
          configFile: false,
          root: options.root,
          logLevel: 'error',
          appType: 'custom',
          resolve: { alias: { '@': path.join(options.root, 'src') } },
          optimizeDeps: { noDiscovery: true, include: [] },
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        const restore = installBrowserStandIns();
        try {
          const { renderPrepaint } = (await server.ssrLoadModule('/src/web/app/prepaint/render-prepaint.tsx')) as { renderPrepaint: typeof RenderPrepaint };
          const templates: string[] = [];
          for (const page of options.pages) {
            const moduleId = path.join(options.root, page.routeModule);
            const chunk = Object.values(bundle).find((output): output is OutputChunk => output.type === 'chunk' && output.facadeModuleId === moduleId);
            if (!chunk) throw new Error(`prepaint: no chunk for ${page.routeModule}`);
            const preload = chunkFiles(bundle, chunk, loadedByEntry).map((file) => `/${file}`);
            const markup = await renderPrepaint(page.path);
            templates.push(`<template data-prepaint="${escapeAttribute(page.path)}" data-modulepreload="${escapeAttribute(preload.join(' '))}">${markup}</template>`);
          }
          return stylesheetsFirst(html).replace('<div id="root"></div>', `<div id="root"></div>\n    ${templates.join('\n    ')}\n    <script>${prepaintScript}</script>`);
        } finally {
          restore();
          await server.close();
        }
      },
    },
  };
}
