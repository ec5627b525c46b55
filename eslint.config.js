import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Web zones (docs/architecture.md, ADR 012). Imports point one way: lib/ and config/ ← components/ ←
 * features/ ← app/. A feature reaches another only through what it offers: its api/ and components/
 * folders and the entry points listed below. Relative imports never leave their zone, so every import
 * that crosses one is spelled `@/web/...` and these patterns see it.
 */
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Files at a feature's root that other features may import, besides its api/ and components/ folders. */
export const featureEntryPoints = ['cart/use-cart', 'locations/location-state', 'locations/selected-warehouse', 'payments/components/card-payment-form'];

const webTestFiles = ['src/web/**/*.test.{ts,tsx}', 'src/web/**/*.fixture.{ts,tsx}'];
const testsIn = (folder) => [`${folder}*.test.{ts,tsx}`, `${folder}*.fixture.{ts,tsx}`];
const noTestHelpers = { group: ['@/web/test/**'], message: 'Only tests import the test helpers (src/web/test).' };
const noApp = (who) => ({ group: ['@/web/app/**'], message: `${who} do not import src/web/app: the app composes them, not the other way round.` });
const noFeatures = (who) => ({ group: ['@/web/features/**'], message: `${who} import no feature: move what both need to src/web/lib or src/web/components/ui.` });
const noComponents = (who) => ({ group: ['@/web/components/**'], message: `${who} import no components.` });
const featureImports = (feature) => ({
  group: [
    '@/web/features/*/**',
    // A folder must be let through as well as its files (gitignore rules).
    ...[feature, '*/api', '*/components'].flatMap((open) => [`!@/web/features/${open}`, `!@/web/features/${open}/**`]),
    ...featureEntryPoints.map((entry) => `!@/web/features/${entry}`),
  ],
  message: `A feature imports another only through its api/, its components/ or an entry point listed in eslint.config.js (featureEntryPoints).`,
});

/** One block per depth below the zone's root, so a relative import can climb to the root and no further. */
function webZone(root, patterns, testPatterns = patterns) {
  const blocks = [];
  for (let depth = 0; depth < 4; depth++) {
    const folder = `${root}/${'*/'.repeat(depth)}`;
    const climb = { group: [`${'../'.repeat(depth + 1)}*`], message: `Relative imports stay inside ${root}; import from other zones through @/web/...` };
    blocks.push(
      { files: [`${folder}*.{ts,tsx}`], ignores: webTestFiles, rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, noTestHelpers, climb] }] } },
      { files: testsIn(folder), rules: { 'no-restricted-imports': ['error', { patterns: [...testPatterns, climb] }] } },
    );
  }
  return blocks;
}

const webZoneBlocks = [
  ...webZone('src/web/lib', [noApp('Library modules'), noFeatures('Library modules'), noComponents('Library modules')]),
  ...webZone('src/web/config', [noApp('Configuration modules'), noFeatures('Configuration modules'), noComponents('Configuration modules')]),
  ...webZone('src/web/components', [noApp('Shared components'), noFeatures('Shared components')]),
  // Tests render pages through the app's routes and providers, so they may import the app.
  ...webFeatures.flatMap((feature) => webZone(`src/web/features/${feature}`, [noApp('Features'), featureImports(feature)], [featureImports(feature)])),
];

// Server zones: one owner per table (docs/decisions/010-one-owner-per-table.md).
const serverModules = ['admin', 'audit', 'auth', 'cart', 'catalog', 'kitchens', 'locations', 'notifications', 'orders', 'payments', 'returns', 'reviews', 'support-chat', 'support-tickets', 'uploads'];
const noWebImports = { group: ['@/web/*', '**/web/**'], message: 'src/server must not import web code.' };
const noFullSchema = {
  regex: '(^|/)db/schema(\\.ts)?$',
  message: "Modules use their own tables; the full schema is for drizzle's client and migrations only.",
};
const onlyOwnTables = (module) => ({
  regex: `(^|/)(?!${module}\\.tables(\\.ts)?$)[^/]+\\.tables(\\.ts)?$`,
  message: `The ${module} module reads and writes only its own tables: call the owning module's functions instead (ADR 010).`,
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'android', 'ios', '.e2e-data', '.scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Shared code runs on both sides, so it may depend on neither.
    files: ['src/shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/server/*', '@/web/*', '**/server/**', '**/web/**'], message: 'src/shared must not import server or web code.' }] },
      ],
    },
  },
  {
    // The web app may know the server's types (the typed API client), never its code.
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/*', '**/server/**'], allowTypeImports: true, message: 'src/web may import only types from src/server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/web/*', '**/web/**'], message: 'src/server must not import web code.' }] },
      ],
    },
  },
  ...webZoneBlocks,
  {
    // The staff dashboards and the layouts say nothing of their own: their words are in the copy catalogue.
    files: ['src/web/app/layouts/**/*.tsx', 'src/web/components/layouts/**/*.tsx', 'src/web/app/routes/dashboards/**/*.tsx'],
    ignores: webTestFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/[A-Za-z]/]', message: 'Put user-facing text in the copy catalogue (src/shared/copy or src/shared/staff-copy.ts).' },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt|label|description|editDescription)$/] > Literal[value=/[A-Za-z]/]',
          message: 'Put user-facing text in the copy catalogue (src/shared/copy or src/shared/staff-copy.ts).',
        },
      ],
    },
  },

  ...serverModules.map((module) => ({
    files: [`src/server/modules/${module}/**/*.ts`],
    // A table file may name another module's table for a foreign key; it still may not read it.
    ignores: ['src/server/modules/*/*.tables.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noWebImports, noFullSchema, onlyOwnTables(module)] }],
    },
  })),
  {
    files: ['src/server/modules/*/*.tables.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noWebImports, noFullSchema] }] },
  },
);
