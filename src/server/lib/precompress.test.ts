import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder, precompressPlugin } from './precompress';

describe('precompressPlugin in a Vite build', () => {
  let project: string;
  let outDir: string;

  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), 'freshcart-build-'));
    outDir = path.join(project, 'dist');
    const rows = Array.from({ length: 300 }, (_, index) => `  { id: ${index}, name: 'Product number ${index}', price: ${index * 7} },`).join('\n');
    writeFileSync(path.join(project, 'main.js'), `const products = [\n${rows}\n];\ndocument.body.textContent = JSON.stringify(products);\n`);
    writeFileSync(path.join(project, 'tiny.js'), 'export const tiny = 1;\n');
    writeFileSync(
      path.join(project, 'index.html'),
      `<!doctype html><html><head><title>Test</title></head><body>${'<p>FreshCart</p>'.repeat(100)}<script type="module" src="/main.js"></script></body></html>`,
    );
    mkdirSync(path.join(project, 'public'));
    writeFileSync(path.join(project, 'public/logo.png'), Buffer.alloc(4096, 7));
    await build({
      root: project,
      configFile: false,
      logLevel: 'silent',
      plugins: [precompressPlugin()],
      build: { outDir, emptyOutDir: true },
    });
  }, 60_000);
  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('writes brotli and gzip files beside the built script and page, each decoding to the original', () => {
    const script = readFileSync(path.join(outDir, 'index.html'), 'utf8').match(/src="\/(assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    for (const file of [script!, 'index.html']) {
      const original = readFileSync(path.join(outDir, file));
      const br = readFileSync(path.join(outDir, `${file}.br`));
      const gz = readFileSync(path.join(outDir, `${file}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
    }
  });

  it('leaves binary files alone', () => {
    expect(existsSync(path.join(outDir, 'logo.png'))).toBe(true);
    expect(existsSync(path.join(outDir, 'logo.png.br'))).toBe(false);
    expect(existsSync(path.join(outDir, 'logo.png.gz'))).toBe(false);
  });
});

describe('precompressFolder', () => {
  it('skips files too small to gain and compressed files already there', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'freshcart-precompress-'));
    try {
      writeFileSync(path.join(folder, 'small.js'), 'export const a = 1;\n');
      writeFileSync(path.join(folder, 'big.css'), '.a { color: red; }\n'.repeat(200));
      const first = await precompressFolder(folder);
      expect(first.compressed).toEqual(['big.css']);
      expect(existsSync(path.join(folder, 'small.js.br'))).toBe(false);
      // A second run does not compress the compressed files.
      const second = await precompressFolder(folder);
      expect(second.compressed).toEqual(['big.css']);
      expect(existsSync(path.join(folder, 'big.css.br.br'))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
