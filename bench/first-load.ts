/**
 * What the production build ships for the first load of a page, read from the build's own module
 * graph (dist/web/.vite/manifest.json, `build.manifest` in vite.config.ts): the entry (index.html)
 * and the page's route module, each with everything it imports statically, which the browser fetches
 * before the page can render, with the libraries' entry the app loader runs before the app's. Chunks that are only imported dynamically (other pages, dialogs, the
 * chat panel) are left out: they load when used. Sizes are gzip bytes, as a browser receives them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { librariesEntry } from '../src/web/app/prepaint/libraries-entry';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The route modules of the shopper's pages whose first load is measured and budgeted. */
export const firstLoadPages = {
  '/': 'src/web/app/routes/shop/home.tsx',
  '/products': 'src/web/app/routes/shop/products.tsx',
  '/product/{id}': 'src/web/app/routes/shop/product-detail.tsx',
} as const;

export type FirstLoadPage = keyof typeof firstLoadPages;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files the given manifest keys need before they run: themselves and their static imports. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  const chunks = [...seen].map((key) => manifest[key]!);
  return {
    js: [...new Set(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))],
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}

export function gzipBytes(distDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

export interface FirstLoad {
  page: FirstLoadPage;
  /** Each file with its gzip size, largest first. */
  js: { file: string; bytes: number }[];
  css: { file: string; bytes: number }[];
  jsBytes: number;
  cssBytes: number;
}

/** The JavaScript and CSS a page needs on its first load, per file and in total, in gzip bytes. */
export function firstLoad(distDir: string, page: FirstLoadPage, manifest: Manifest = readManifest(distDir)): FirstLoad {
  const closure = staticClosure(manifest, ['index.html', librariesEntry, firstLoadPages[page]]);
  const sized = (files: string[]) => files.map((file) => ({ file, bytes: gzipBytes(distDir, file) })).sort((a, b) => b.bytes - a.bytes);
  const js = sized(closure.js);
  const css = sized(closure.css);
  const total = (files: { bytes: number }[]) => files.reduce((sum, file) => sum + file.bytes, 0);
  return { page, js, css, jsBytes: total(js), cssBytes: total(css) };
}
