import { createRequire } from 'node:module';
import { getIconData, iconToSVG } from '@iconify/utils';

type IconifyJSON = Parameters<typeof getIconData>[0];

const require = createRequire(import.meta.url);
let emojiSet: IconifyJSON | undefined;

/** The Fluent Emoji (flat) set, MIT licensed; about 9 MB of JSON, so read once and only when a picture is first asked for. */
function emoji(): IconifyJSON {
  emojiSet ??= require('@iconify-json/fluent-emoji-flat/icons.json') as IconifyJSON;
  return emojiSet;
}

export function hasIllustration(icon: string): boolean {
  return getIconData(emoji(), icon) !== null;
}

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);
}

/** The soft card every picture sits on, tinted with the item's colour; the name is its accessible label. */
function card(options: { title: string; color: string }, body: string): string {
  const color = /^#[0-9a-f]{3,8}$/i.test(options.color) ? options.color : '#16a34a';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(options.title)}">
<defs><linearGradient id="tint" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0.10"/><stop offset="1" stop-color="${color}" stop-opacity="0.30"/></linearGradient></defs>
<rect width="400" height="400" fill="#ffffff"/><rect width="400" height="400" fill="url(#tint)"/>
<circle cx="200" cy="200" r="130" fill="#ffffff" fill-opacity="0.7"/>
${body}
</svg>`;
}

/** One illustration placed in a square of the card. */
function placed(name: string, at: { x: number; y: number; size: number }): string {
  const data = getIconData(emoji(), name);
  if (!data) throw new Error(`No illustration named ${name}`);
  const icon = iconToSVG(data);
  return `<svg x="${at.x}" y="${at.y}" width="${at.size}" height="${at.size}" viewBox="${icon.viewBox.join(' ')}">${icon.body}</svg>`;
}

/**
 * A square picture of an item: its illustration on a soft card tinted with its category's colour.
 * The item's name is its accessible label; the page prints the name beside it, so the picture does not.
 * The illustration sits in the middle 200 × 200, so a card cut to 16:9 or 3:2 around the centre keeps it whole.
 */
export function renderIllustration(options: { icon: string; title: string; color: string }): string {
  return card(options, placed(options.icon, { x: 100, y: 100, size: 200 }));
}

// Where a group's illustrations go, the lead one last so it is drawn in front; all within the band a
// 16:9 cut around the centre keeps (y 88 to 312).
const groupLayouts: Record<number, { x: number; y: number; size: number }[]> = {
  2: [
    { x: 70, y: 92, size: 140 },
    { x: 150, y: 130, size: 170 },
  ],
  3: [
    { x: 40, y: 96, size: 130 },
    { x: 230, y: 96, size: 130 },
    { x: 115, y: 132, size: 170 },
  ],
};

/** A picture of a group of items (a bundle): up to three illustrations together, the first in front. */
export function renderIllustrationGroup(options: { icons: readonly string[]; title: string; color: string }): string {
  const shown = options.icons.slice(0, 3);
  const [lead, ...others] = shown;
  if (!lead) throw new Error('A group picture needs an illustration');
  const layout = groupLayouts[shown.length];
  if (!layout) return renderIllustration({ ...options, icon: lead });
  const drawOrder = [...others, lead];
  return card(options, drawOrder.map((name, index) => placed(name, layout[index]!)).join('\n'));
}
