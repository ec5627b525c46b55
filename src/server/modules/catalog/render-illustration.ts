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

/**
 * A square picture of an item: its illustration on a soft card tinted with its category's colour.
 * The item's name is its accessible label; the page prints the name beside it, so the picture does not.
 * The illustration sits in the middle 200 × 200, so a card cut to 16:9 or 3:2 around the centre keeps it whole.
 */
export function renderIllustration(options: { icon: string; title: string; color: string }): string {
  const data = getIconData(emoji(), options.icon);
  if (!data) throw new Error(`No illustration named ${options.icon}`);
  const icon = iconToSVG(data);
  const color = /^#[0-9a-f]{3,8}$/i.test(options.color) ? options.color : '#16a34a';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(options.title)}">
<defs><linearGradient id="tint" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0.10"/><stop offset="1" stop-color="${color}" stop-opacity="0.30"/></linearGradient></defs>
<rect width="400" height="400" fill="#ffffff"/><rect width="400" height="400" fill="url(#tint)"/>
<circle cx="200" cy="200" r="130" fill="#ffffff" fill-opacity="0.7"/>
<svg x="100" y="100" width="200" height="200" viewBox="${icon.viewBox.join(' ')}">${icon.body}</svg>
</svg>`;
}
