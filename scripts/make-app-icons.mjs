// Draws the app icons from the logo (the basket on the brand green) and rasterises them with the
// Chromium already on the machine. Run after changing the logo: node scripts/make-app-icons.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const brand = '#007f35'; // --primary of the light theme, oklch(0.52 0.15 150)
const basket = [
  'm15 11-1 9',
  'm19 11-4-7',
  'M2 11h20',
  'm3.5 11 1.6 7.4a2 2 0 0 0 2 1.6h9.8a2 2 0 0 0 2-1.6l1.7-7.4',
  'M4.5 15.5h15',
  'm5 11 4-7',
  'm9 11 1 9',
];

/** The logo: a rounded green tile, or a full-bleed one whose glyph keeps to the maskable safe zone. */
function iconSvg({ fullBleed }) {
  const tile = fullBleed ? `<rect width="24" height="24" fill="${brand}"/>` : `<rect width="24" height="24" rx="5.5" fill="${brand}"/>`;
  const scale = fullBleed ? 0.5 : 0.66;
  const offset = (24 - 24 * scale) / 2;
  const glyph = basket.map((d) => `<path d="${d}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${tile}<g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyph}</g></svg>\n`;
}

const root = path.resolve(import.meta.dirname, '..', 'public');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const work = mkdtempSync(path.join(tmpdir(), 'freshcart-icons-'));

function rasterise(svg, size, out) {
  const page = path.join(work, `icon-${size}.html`);
  const background = 'transparent';
  writeFileSync(page, `<!doctype html><style>html,body{margin:0;background:${background}}img{display:block;width:${size}px;height:${size}px}</style><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`);
  execFileSync(chromium, [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--hide-scrollbars',
    '--default-background-color=00000000',
    `--window-size=${size},${size}`,
    `--screenshot=${out}`,
    `file://${page}`,
  ], { stdio: 'ignore' });
}

const rounded = iconSvg({ fullBleed: false });
const fullBleed = iconSvg({ fullBleed: true });
writeFileSync(path.join(root, 'favicon.svg'), rounded);
rasterise(rounded, 192, path.join(root, 'icons/icon-192.png'));
rasterise(rounded, 512, path.join(root, 'icons/icon-512.png'));
rasterise(fullBleed, 512, path.join(root, 'icons/maskable-512.png'));
rasterise(fullBleed, 180, path.join(root, 'icons/apple-touch-icon-180.png'));
rasterise(rounded, 48, path.join(root, 'icons/favicon-48.png'));
rmSync(work, { recursive: true, force: true });
