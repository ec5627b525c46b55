import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * One owner per table (docs/decisions/010-one-owner-per-table.md): a module's code names only the
 * tables its own `*.tables.ts` defines, whether through an import, drizzle's relational API or the
 * text of a raw SQL query, which no import shows. Read models that join across modules live in
 * src/server/read-models and only read.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');
const modulesRoot = path.join(serverRoot, 'modules');
const relative = (file: string) => path.relative(repoRoot, file).split(path.sep).join('/');


/** Outside the modules, files that act for one module: better-auth's configuration writes the auth tables. */
const actingFor: Record<string, string> = { 'src/server/lib/auth.ts': 'auth' };

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? walk(file) : [file];
  });
}

const isSource = (file: string) => file.endsWith('.ts') && !file.endsWith('.test.ts');
const moduleNames = readdirSync(modulesRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

/** Every module's tables, by SQL name, and the drizzle property names of the full schema. */
const ownerOfTable = new Map<string, string>();
const tableOfSchemaKey = new Map<string, string>();

beforeAll(async () => {
  for (const module of moduleNames) {
    for (const file of walk(path.join(modulesRoot, module)).filter((name) => name.endsWith('.tables.ts'))) {
      const exported = (await import(file)) as Record<string, unknown>;
      for (const value of Object.values(exported)) if (is(value, PgTable)) ownerOfTable.set(getTableName(value), module);
    }
  }
  for (const [key, value] of Object.entries(schema)) if (is(value, PgTable)) tableOfSchemaKey.set(key, getTableName(value));
});

/** The static text of every sql`…` template (nested ones too) and of sql.raw('…') strings. */
function sqlTexts(source: string): string[] {
  const texts: string[] = [];
  let index = 0;
  // Reads a template literal starting after its opening backtick; returns its static text.
  function template(): string {
    let text = '';
    while (index < source.length) {
      const char = source[index]!;
      if (char === '\\') {
        text += source.slice(index, index + 2);
        index += 2;
      } else if (char === '`') {
        index += 1;
        return text;
      } else if (char === '$' && source[index + 1] === '{') {
        index += 2;
        expression();
        text += ' ? ';
      } else {
        text += char;
        index += 1;
      }
    }
    return text;
  }
  // Skips code up to the closing brace of an interpolation, reading the sql templates inside it.
  function expression() {
    let depth = 1;
    while (index < source.length && depth > 0) {
      if (scanTagged()) continue;
      const char = source[index]!;
      if (char === '`') {
        index += 1;
        template();
        continue;
      }
      if (char === '{') depth += 1;
      if (char === '}') depth -= 1;
      index += 1;
    }
  }
  function scanTagged(): boolean {
    const rest = source.slice(index, index + 9);
    const tag = /^sql(<[^`>]*>)?`/.exec(source.slice(index, index + 200));
    if (tag && !/[\w$.]/.test(source[index - 1] ?? ' ')) {
      index += tag[0].length;
      texts.push(template());
      return true;
    }
    if (rest.startsWith('sql.raw(')) {
      const literal = /^sql\.raw\(\s*(['"`])((?:\\.|(?!\1).)*)\1/.exec(source.slice(index));
      if (literal) {
        texts.push(literal[2]!);
        index += literal[0].length;
        return true;
      }
    }
    return false;
  }
  while (index < source.length) {
    if (scanTagged()) continue;
    index += 1;
  }
  return texts;
}

const sqlReference = /\b(?:from|join|into|update|delete\s+from|table)\s+(?:only\s+)?((?:"?[a-z_][a-z0-9_]*"?\.)?"?[a-z_][a-z0-9_]*"?)/gi;

/** The module tables a file names, with how it names them. */
function tablesNamedIn(file: string, source = readFileSync(file, 'utf8')): { table: string; how: string }[] {
  const found: { table: string; how: string }[] = [];
  for (const text of sqlTexts(source)) {
    for (const match of text.matchAll(sqlReference)) {
      const name = match[1]!.replaceAll('"', '').replace(/^public\./, '');
      if (ownerOfTable.has(name)) found.push({ table: name, how: `SQL: ${match[0].replace(/\s+/g, ' ')}` });
    }
  }
  for (const match of source.matchAll(/(?:from\s+|import\(\s*)['"]([^'"]+)['"]/g)) {
    const specifier = match[1]!;
    const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier.replace(/^@\//, `${path.join(repoRoot, 'src')}/`);
    if (/(^|\/)db\/schema(\.ts)?$/.test(target)) found.push({ table: '*', how: `import of the full schema (${specifier})` });
    const tablesFile = /\/modules\/([^/]+)\/[^/]+\.tables(\.ts)?$/.exec(target);
    if (tablesFile) {
      const owner = tablesFile[1]!;
      for (const [table, module] of ownerOfTable) if (module === owner) found.push({ table, how: `import of ${specifier}` });
    }
  }
  for (const match of source.matchAll(/\.query\.(\w+)\./g)) {
    const table = tableOfSchemaKey.get(match[1]!);
    if (table) found.push({ table, how: `relational query ${match[0]}` });
  }
  return found;
}

function foreignReferences(file: string, owner: string | undefined) {
  return tablesNamedIn(file).filter(({ table }) => table === '*' || ownerOfTable.get(table) !== owner);
}

describe('one owner per table', () => {
  it('finds tables wherever code names them: SQL text, imports, relational queries', () => {
    expect(ownerOfTable.get('profiles')).toBe('auth');
    expect(ownerOfTable.get('warehouse_staff')).toBe('locations');
    expect(ownerOfTable.get('cloud_kitchens')).toBe('kitchens');
    const texts = sqlTexts(
      'const a = sql`select * from products p join ${sql`"cloud_kitchens" k`} on true`; const b = sql.raw(\'delete from carts\'); const s = `from profiles`;',
    );
    expect(texts).toEqual(['"cloud_kitchens" k', 'select * from products p join  ?  on true', 'delete from carts']);
    const matched = texts.flatMap((text) => [...text.matchAll(sqlReference)].map((match) => match[1]));
    expect(matched).toEqual(['products', 'carts']);

    const probe = path.join(modulesRoot, 'kitchens', 'probe.ts');
    const named = (source: string) => tablesNamedIn(probe, source).map(({ table, how }) => `${table}: ${how}`);
    expect(named("import { carts } from '../cart/cart.tables';")).toEqual(['carts: import of ../cart/cart.tables', 'cart_items: import of ../cart/cart.tables']);
    expect(named("const m = await import('@/server/modules/cart/cart.tables');")).toHaveLength(2);
    expect(named("import * as schema from '../../db/schema';")).toEqual(['*: import of the full schema (../../db/schema)']);
    expect(named('await db.query.warehouses.findMany(); await tx.query.cloudKitchens.findFirst();')).toEqual([
      'warehouses: relational query .query.warehouses.',
      'cloud_kitchens: relational query .query.cloudKitchens.',
    ]);
    expect(named('await tx.execute(sql`select 1 from "public"."profiles" for update`);')).toEqual(['profiles: SQL: from "public"."profiles"']);
    // English in comments and messages is not SQL.
    expect(named('// read from profiles\nthrow new Error(`join warehouses first`);')).toEqual([]);
  });

  it.each(moduleNames)('the %s module names only its own tables', (module) => {
    const files = walk(path.join(modulesRoot, module)).filter((file) => isSource(file) && !file.endsWith('.tables.ts'));
    const violations = files.flatMap((file) => foreignReferences(file, module).map(({ table, how }) => `${relative(file)}: ${table} (${how})`));
    expect(violations).toEqual([]);
  });

  it('code outside the modules names no module table, except read models, which only read', () => {
    const outside = walk(serverRoot).filter(
      (file) =>
        isSource(file) &&
        !file.startsWith(modulesRoot + path.sep) &&
        !file.startsWith(path.join(serverRoot, 'db') + path.sep) &&
        !file.startsWith(path.join(serverRoot, 'test') + path.sep) &&
        !file.startsWith(path.join(serverRoot, 'read-models') + path.sep),
    );
    expect(outside.length).toBeGreaterThan(10);
    const violations = outside.flatMap((file) =>
      foreignReferences(file, actingFor[relative(file)]).map(({ table, how }) => `${relative(file)}: ${table} (${how})`),
    );
    expect(violations).toEqual([]);

    const readModels = walk(path.join(serverRoot, 'read-models')).filter(isSource);
    expect(readModels.length).toBeGreaterThan(0);
    for (const file of readModels) {
      const source = readFileSync(file, 'utf8');
      const writes = sqlTexts(source).filter((text) => /\b(insert\s+into|update\s+\w+\s+set|delete\s+from|for\s+update)\b/i.test(text));
      expect({ file: relative(file), writes, builder: /\.(insert|update|delete)\(/.test(source) }).toEqual({ file: relative(file), writes: [], builder: false });
    }
  });

});

describe('lint zones', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };

  it.each(moduleNames)("`npm run lint` fails when the %s module imports another module's tables or the full schema", async (module) => {
    const other = moduleNames.find((name) => name !== module)!;
    const file = `src/server/modules/${module}/zone-probe.ts`;
    expect(await lint(file, `import { x } from '../${other}/${other}.tables';\nexport const y = x;\n`)).toEqual([
      expect.stringMatching(new RegExp(`no-restricted-imports: .*The ${module} module reads and writes only its own tables`)),
    ]);
    expect(await lint(file, `import { x } from '@/server/modules/${other}/${other}.tables';\nexport const y = x;\n`)).toHaveLength(1);
    expect(await lint(file, `import * as schema from '../../db/schema';\nexport const y = schema;\n`)).toEqual([
      expect.stringMatching(/no-restricted-imports: .*the full schema is for drizzle's client and migrations only/),
    ]);
    expect(await lint(file, `import { x } from './${module}.tables';\nexport const y = x;\n`)).toEqual([]);
  });

  it("lets a table file name another module's table for a foreign key", async () => {
    expect(await lint('src/server/modules/kitchens/kitchens.tables.ts', "import { profiles } from '../auth/auth.tables';\nexport const y = profiles;\n")).toEqual([]);
  });
});
