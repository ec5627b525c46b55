import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './test/server-process';

describe('the V8 flags of the server', () => {
  it('are the same for npm start and for the servers tests and benchmarks start', () => {
    const packageJson = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(packageJson.scripts.start).toContain(`tsx ${serverNodeFlags.join(' ')} src/server/index.ts`);
  });
});
