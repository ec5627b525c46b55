// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The zone messages ESLint gives a one-line file at `filePath` that imports `specifier`. */
async function zoneErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('web zones (eslint.config.js)', () => {
  it.each([
    ['src/web/components/ui/probe.tsx', '@/web/features/cart/use-cart', 'import no feature'],
    ['src/web/components/layouts/probe.tsx', '@/web/features/auth/api/auth-actions', 'import no feature'],
    ['src/web/components/ui/probe.tsx', '@/web/app/layouts/site-header', 'do not import src/web/app'],
    ['src/web/lib/probe.ts', '@/web/features/locations/selected-warehouse', 'import no feature'],
    ['src/web/lib/probe.ts', '@/web/components/ui/button', 'import no components'],
    ['src/web/lib/probe.ts', '@/web/app/router', 'do not import src/web/app'],
    ['src/web/config/probe.ts', '@/web/features/catalog/api/catalog-queries', 'import no feature'],
    ['src/web/features/catalog/components/probe.tsx', '@/web/app/routes/shop/home', 'do not import src/web/app'],
    ['src/web/features/catalog/components/probe.tsx', '@/web/features/cart/guest-cart', 'only through its api/'],
    ['src/web/features/kitchens/probe.ts', '@/web/features/locations/warehouse-check-runner', 'only through its api/'],
    ['src/web/features/catalog/components/probe.tsx', '@/web/test/render-app', 'Only tests import the test helpers'],
    ['src/web/lib/probe.ts', '@/web/test/fake-api', 'Only tests import the test helpers'],
    ['src/web/features/catalog/probe.ts', '../cart/guest-cart', 'Relative imports stay inside src/web/features/catalog'],
    ['src/web/features/catalog/components/probe.tsx', '../../cart/guest-cart', 'Relative imports stay inside src/web/features/catalog'],
    ['src/web/components/probe.tsx', '../features/cart/use-cart', 'Relative imports stay inside src/web/components'],
    ['src/web/components/ui/probe.tsx', '../../app/router', 'Relative imports stay inside src/web/components'],
    ['src/web/lib/probe.ts', '../features/auth/api/auth-actions', 'Relative imports stay inside src/web/lib'],
    ['src/web/features/catalog/probe.test.tsx', '@/web/features/cart/guest-cart', 'only through its api/'],
  ])('%s may not import %s', async (filePath, specifier, message) => {
    const errors = await zoneErrors(filePath, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['src/web/components/ui/probe.tsx', '@/web/lib/cn'],
    ['src/web/components/layouts/probe.tsx', '@/web/components/ui/button'],
    ['src/web/features/catalog/components/probe.tsx', '@/web/features/cart/use-cart'],
    ['src/web/features/kitchens/api/probe.ts', '@/web/features/locations/api/address-queries'],
    ['src/web/features/kitchens/api/probe.ts', '@/web/features/locations/selected-warehouse'],
    ['src/web/features/profile/probe.ts', '@/web/features/auth/components/account-menu'],
    ['src/web/features/cart/components/probe.tsx', '../guest-cart'],
    ['src/web/features/cart/components/probe.tsx', '@/web/features/cart/guest-cart'],
    ['src/web/features/catalog/home.test.tsx', '@/web/app/routes/shop/home'],
    ['src/web/features/catalog/home.test.tsx', '@/web/test/render-app'],
    ['src/web/app/layouts/probe.tsx', '@/web/features/cart/components/cart-panel'],
    ['src/web/app/probe.tsx', '@/web/features/locations/warehouse-check-runner'],
  ])('%s may import %s', async (filePath, specifier) => {
    expect(await zoneErrors(filePath, specifier)).toEqual([]);
  });
});
