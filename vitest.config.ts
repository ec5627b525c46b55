import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    // Vitest leaves a core free by default, which on a two-core machine runs the files one at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          setupFiles: ['src/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // One device zone on every machine, so which times are labelled with their store's zone is the same everywhere.
          env: { TZ: 'UTC' },
          // A page test drives a whole rendered app in jsdom; on two busy cores one can take seconds.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Real servers in processes of their own under load and faults: `npm run test:reliability`.
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
