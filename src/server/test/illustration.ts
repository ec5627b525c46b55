import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const emoji = require('@iconify-json/fluent-emoji-flat/icons.json') as { icons: Record<string, { body: string }> };

/** The drawing of one Fluent Emoji illustration, to recognise it inside a served picture. */
export function illustration(icon: string): string {
  const found = emoji.icons[icon];
  if (!found) throw new Error(`No illustration named ${icon}`);
  return found.body;
}
