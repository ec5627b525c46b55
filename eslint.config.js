import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Server zones: one owner per table (docs/decisions/010-one-owner-per-table.md).
const serverModules = ['admin', 'auth', 'cart', 'catalog', 'kitchens', 'locations'];
const noWebImports = { group: ['@/web/*', '**/web/**'], message: 'src/server must not import web code.' };
const noFullSchema = {
  regex: '(^|/)db/schema(\\.ts)?$',
  message: "Modules use their own tables; the full schema is for drizzle's client and migrations only.",
};
const onlyOwnTables = (module) => ({
  regex: `(^|/)(?!${module}\\.tables(\\.ts)?$)[^/]+\\.tables(\\.ts)?$`,
  message: `The ${module} module reads and writes only its own tables: call the owning module's functions instead (ADR 010).`,
});
// Files that break the rule today and are being reworked; this list only ever shrinks.
const knownTableViolations = ['src/server/modules/cart/quote-guest-cart.ts'];

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
  ...serverModules.map((module) => ({
    files: [`src/server/modules/${module}/**/*.ts`],
    // A table file may name another module's table for a foreign key; it still may not read it.
    ignores: ['src/server/modules/*/*.tables.ts', ...knownTableViolations],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noWebImports, noFullSchema, onlyOwnTables(module)] }],
    },
  })),
  {
    files: ['src/server/modules/*/*.tables.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noWebImports, noFullSchema] }] },
  },
);
