import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { appLoaderScript, prepaintScript, themeScript } from '../../../shared/inline-scripts';
import type { firstReads as FirstReads, renderPrepaint as RenderPrepaint } from './render-prepaint';

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

function staticImportsOf(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const next of chunk.imports) if (!seen.has(next)) staticImportsOf(bundle, next, seen);
  return seen;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

const entryScriptTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const modulepreloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const stylesheetTag = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * The head of the built page in the order a first paint wants it (ADR 058): the theme script, then the
 * app loader, given the files Vite listed as tags (the entry and its modulepreloads) and each painted
 * page's own chunks, then the stylesheets. Over HTTP/1.1's six connections a stylesheet listed after
 * twenty scripts waits for a free one; on a painted page the loader holds the scripts back until the
 * page has painted.
 */
function headForFirstPaint(
  html: string,
  prepainted: Record<string, string[]>,
  libraries: { entry: string; files: string[] } | undefined,
  prefetch: Record<string, string>,
): string {
  const themeTag = `<script>${themeScript}</script>`;
  const entry = entryScriptTag.exec(html)?.[1];
  // Without either, the page would be left without its scripts or without its styles.
  if (!entry) throw new Error('prepaint: index.html has no entry script');
  if (!html.includes(themeTag)) throw new Error('prepaint: index.html has no theme script to put the loader after');
  const modulepreload = [...html.matchAll(modulepreloadTag)].map((match) => match[1]!);
  // The libraries' entry runs first; the app's entry, appended after it, is fetched with everything else.
  if (libraries) for (const file of [...libraries.files, entry]) if (!modulepreload.includes(file) && file !== libraries.entry) modulepreload.push(file);
  const stylesheets = html.match(stylesheetTag) ?? [];
  let head = html.replace(entryScriptTag, '').replace(modulepreloadTag, '');
  for (const link of stylesheets) head = head.replace(link, '');
  const loader =
    `<script data-entry="${escapeAttribute(entry)}"${libraries ? ` data-libraries="${escapeAttribute(libraries.entry)}"` : ''} data-modulepreload="${escapeAttribute(modulepreload.join(' '))}"` +
    ` data-prepainted="${escapeAttribute(JSON.stringify(prepainted))}"` +
    (Object.keys(prefetch).length > 0 ? ` data-prefetch="${escapeAttribute(JSON.stringify(prefetch))}"` : '') +
    `>${appLoaderScript}</script>`;
  return head.replace(themeTag, `${themeTag}\n    ${loader}${stylesheets.join('')}`);
}

/**
 * Puts into index.html, for each page listed, the markup of the app's own first render of it
 * (`render-prepaint.tsx`) in a <template>: the prepaint script paints the one for the address opened
 * before any of the app's JavaScript has arrived, and the app's first render then replaces it with the
 * same markup (ADR 054). The app loader fetches that page's route chunk with the entry's files.
 */
export function prepaintPlugin(options: { root: string; pages: PrepaintPage[]; librariesEntry?: string }): Plugin {
  let apiElsewhere = false;
  return {
    name: 'freshcart:prepaint',
    apply: 'build',
    configResolved(config) {
      // The native app's API is on another server (VITE_API_URL): a read the loader asks of the page's own
      // origin would never be the app's.
      apiElsewhere = Boolean(config.env.VITE_API_URL);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const librariesId = options.librariesEntry && path.join(options.root, options.librariesEntry);
        const isEntry = (output: OutputBundle[string]): output is OutputChunk => output.type === 'chunk' && output.isEntry;
        const entry = Object.values(bundle).find((output) => isEntry(output) && output.facadeModuleId !== librariesId) as OutputChunk | undefined;
        if (!entry) throw new Error('prepaint: the build has no entry chunk');
        const loadedByEntry = staticImportsOf(bundle, entry.fileName);
        let libraries: { entry: string; files: string[] } | undefined;
        if (librariesId) {
          const chunk = Object.values(bundle).find((output) => isEntry(output) && output.facadeModuleId === librariesId) as OutputChunk | undefined;
          if (!chunk) throw new Error(`prepaint: no entry chunk for ${options.librariesEntry}`);
          const files = [...staticImportsOf(bundle, chunk.fileName)];
          libraries = { entry: `/${chunk.fileName}`, files: files.filter((file) => file !== chunk.fileName).map((file) => `/${file}`) };
          for (const file of files) loadedByEntry.add(file);
        }

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
          const { renderPrepaint, firstReads } = (await server.ssrLoadModule('/src/web/app/prepaint/render-prepaint.tsx')) as {
            renderPrepaint: typeof RenderPrepaint;
            firstReads: typeof FirstReads;
          };
          const templates: string[] = [];
          const prepainted: Record<string, string[]> = {};
          for (const page of options.pages) {
            const moduleId = path.join(options.root, page.routeModule);
            const chunk = Object.values(bundle).find((output): output is OutputChunk => output.type === 'chunk' && output.facadeModuleId === moduleId);
            if (!chunk) throw new Error(`prepaint: no chunk for ${page.routeModule}`);
            // The route chunk's files the entry does not already fetch.
            prepainted[page.path] = [...staticImportsOf(bundle, chunk.fileName)].filter((file) => !loadedByEntry.has(file)).map((file) => `/${file}`);
            const markup = await renderPrepaint(page.path);
            templates.push(`<template data-prepaint="${escapeAttribute(page.path)}">${markup}</template>`);
          }
          const prefetch = apiElsewhere ? {} : firstReads();
          return headForFirstPaint(html, prepainted, libraries, prefetch).replace('<div id="root"></div>', `<div id="root"></div>\n    ${templates.join('\n    ')}\n    <script>${prepaintScript}</script>`);
        } finally {
          restore();
          await server.close();
        }
      },
    },
  };
}

/** The theme script (ADR 058) in every index.html, the development server's too: its first line after the title. */
export function themeScriptPlugin(): Plugin {
  return {
    name: 'freshcart:theme-script',
    transformIndexHtml(html) {
      if (!html.includes('</title>')) throw new Error('theme script: index.html has no title to put it after');
      return html.replace('</title>', `</title>\n    <script>${themeScript}</script>`);
    },
  };
}
