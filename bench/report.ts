import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../docs/benchmarks.md');
const intro = '# Benchmarks\n\nProduced by `npm run bench` (see `bench/run.ts`). Absolute numbers depend on the machine; compare ratios measured in one run.\n\n';

/**
 * Replaces the section of docs/benchmarks.md that starts with `heading` (up to the next `## `), keeping
 * the others; a new section goes at the end, or first with `atTop`.
 */
export function writeSection(heading: string, section: string, { atTop = false } = {}) {
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : intro;
  const sections = existing.startsWith('# Benchmarks') ? existing : intro;
  const pattern = new RegExp(`${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*?(?=\\n## |$)`);
  const firstSection = sections.indexOf('\n## ');
  const updated = pattern.test(sections)
    ? sections.replace(pattern, () => section)
    : atTop && firstSection >= 0
      ? `${sections.slice(0, firstSection)}\n${section}\n${sections.slice(firstSection)}`
      : sections.trimEnd() + '\n\n' + section;
  writeFileSync(file, updated.trimEnd() + '\n');
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}
