import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const iconsDir = path.join(path.dirname(require.resolve('lucide-static/package.json')), 'icons');
const iconCache = new Map<string, string>();

function kebab(name: string) {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase();
}

/** The inner markup (paths, circles…) of a lucide icon, by PascalCase name. */
function iconBody(name: string): string {
  const cached = iconCache.get(name);
  if (cached !== undefined) return cached;
  let body = '';
  for (const candidate of [name, 'ShoppingBasket']) {
    try {
      const svg = readFileSync(path.join(iconsDir, `${kebab(candidate)}.svg`), 'utf8');
      body = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
      break;
    } catch {
      // Unknown icon name: fall back to the basket.
    }
  }
  iconCache.set(name, body);
  return body;
}

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);
}

/** Deterministic 0..1 from a string, so every item keeps its own look. */
function hashUnit(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 1000) / 1000;
}

/**
 * A product-style picture drawn by the server: a tinted card with the item's icon and name.
 * It needs no network and no image files, so the catalog always has pictures.
 */
export function renderItemImage(options: { title: string; subtitle?: string; icon: string; color: string }): string {
  const { title, subtitle = '', icon, color } = options;
  const tilt = Math.round(hashUnit(title) * 40 - 20);
  const lines = wrap(title, 18).slice(0, 2);
  const text = lines
    .map((line, index) => `<text x="200" y="${318 + index * 30}" text-anchor="middle" font-size="26" font-weight="700" fill="#1f2937">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0.18"/><stop offset="1" stop-color="${color}" stop-opacity="0.42"/></linearGradient></defs>
<rect width="400" height="400" fill="#ffffff"/><rect width="400" height="400" fill="url(#g)"/>
<circle cx="200" cy="150" r="92" fill="#ffffff" fill-opacity="0.75"/>
<g transform="translate(200 150) rotate(${tilt}) translate(-60 -60) scale(5)" fill="none" stroke="${color}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${iconBody(icon)}</g>
${text}${subtitle ? `<text x="200" y="${lines.length > 1 ? 382 : 352}" text-anchor="middle" font-size="18" fill="#4b5563">${escapeXml(subtitle)}</text>` : ''}
</svg>`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && (current + ' ' + word).length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > 2) lines[1] = `${lines[1]!.slice(0, width - 1)}…`;
  return lines;
}
