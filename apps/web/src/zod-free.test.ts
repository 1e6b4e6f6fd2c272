/**
 * zod stays out of the browser: no module the app can load (from main.tsx, through static and
 * dynamic imports, the contract and the kit included) imports zod at run time. The web calls
 * the API with the contract's route descriptors and uses its zod-free modules (constants,
 * messages, validation rules, *-routes, *-rules, *-values); `import type` from a schema module
 * is fine, it is erased. What the production build bundles is this same graph: no module is
 * swapped at build time, so what the tests run is what ships.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const webSrc = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(webSrc, '../../..');
const PACKAGES: Record<string, string> = {
  '@tourdesk/contract': path.join(root, 'packages/contract/src'),
  '@tourdesk/ui': path.join(root, 'packages/ui/src'),
};
const ENTRY = path.join(webSrc, 'main.tsx');
const isZod = (specifier: string): boolean => specifier === 'zod' || specifier.startsWith('zod/');

const asSourceFile = (file: string): string | null => {
  for (const candidate of [
    file,
    `${file}.ts`,
    `${file}.tsx`,
    path.join(file, 'index.ts'),
    path.join(file, 'index.tsx'),
  ])
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
};

/** The source file a specifier names, null for an asset or another package (node_modules). */
const resolve = (specifier: string, importer: string): string | null => {
  const bare = specifier.split('?')[0]!;
  if (bare.startsWith('.')) return asSourceFile(path.resolve(path.dirname(importer), bare));
  for (const [name, dir] of Object.entries(PACKAGES)) {
    if (bare === name) return asSourceFile(path.join(dir, 'index'));
    if (bare.startsWith(`${name}/`)) return asSourceFile(path.join(dir, bare.slice(name.length + 1)));
  }
  return null;
};

/** Files an `import.meta.glob` pattern matches (source files only; texts and JSON carry no imports). */
const globFiles = (pattern: string, importer: string): string[] => {
  const absolute = path.resolve(path.dirname(importer), pattern);
  if (!absolute.includes('*')) return fs.existsSync(absolute) ? [absolute] : [];
  const base = absolute.slice(0, absolute.indexOf('*')).replace(/[^/\\]*$/, '');
  const re = new RegExp(
    `^${absolute
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '(.*/)?')
      .replace(/\*/g, '[^/]*')}$`,
  );
  if (!fs.existsSync(base)) return [];
  return (fs.readdirSync(base, { recursive: true }) as string[])
    .map((f) => path.join(base, f))
    .filter((f) => re.test(f));
};

/**
 * What a module loads at run time: every import and re-export but `import type` / `export type`
 * (with verbatimModuleSyntax an `import { type A }` stays as an import of the module, so it counts),
 * dynamic `import()` and `import.meta.glob`.
 */
const runtimeImports = (file: string): string[] => {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly)
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly)
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isCallExpression(node)) {
      const [arg] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && arg && ts.isStringLiteralLike(arg))
        found.push(arg.text);
      if (node.expression.getText(source) === 'import.meta.glob' && arg && ts.isStringLiteralLike(arg))
        found.push(...globFiles(arg.text, file).map((f) => `glob:${f}`));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** Every module reachable from the entry, with the module that first reached it. */
const walk = (entry: string) => {
  const parent = new Map<string, string | null>([[entry, null]]);
  const zodImporters: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of runtimeImports(file)) {
      if (isZod(specifier)) zodImporters.push(file);
      const target = specifier.startsWith('glob:') ? asSourceFile(specifier.slice(5)) : resolve(specifier, file);
      if (target && !parent.has(target)) {
        parent.set(target, file);
        queue.push(target);
      }
    }
  }
  const chain = (file: string): string => {
    const steps: string[] = [];
    for (let f: string | null = file; f; f = parent.get(f) ?? null) steps.unshift(path.relative(root, f));
    return steps.join(' → ');
  };
  return { modules: [...parent.keys()], zodImporters, chain };
};

describe('the modules the app can load', () => {
  const graph = walk(ENTRY);
  const relative = graph.modules.map((f) => path.relative(root, f));

  it('are found: the app, its lazy screens, the kit and the contract modules it uses', () => {
    // a floor and a few known members, so a broken walk cannot pass as "nothing imports zod"
    expect(graph.modules.length).toBeGreaterThan(200);
    expect(relative).toEqual(
      expect.arrayContaining([
        'apps/web/src/lib/api/client.ts',
        'apps/web/src/features/auth/components/login-form.tsx',
        'apps/web/src/features/organizer/components/verification-card.tsx',
        'packages/contract/src/api/user-routes.ts',
        'packages/contract/src/validation.ts',
        'packages/ui/src/index.ts',
      ]),
    );
  });

  it('never import zod at run time', () => {
    expect(graph.zodImporters.map(graph.chain)).toEqual([]);
  });

  it("the public site's hydration entry and its components never import zod at run time either", () => {
    const site = walk(path.join(webSrc, 'site-render/hydrate.tsx'));
    const files = site.modules.map((f) => path.relative(root, f));
    expect(files).toEqual(
      expect.arrayContaining([
        'apps/web/src/site-render/client.tsx',
        'apps/web/src/site-render/blocks/gallery.tsx',
        'apps/web/src/site-render/blocks/dates.tsx',
        'packages/contract/src/enum-values.ts',
      ]),
    );
    // only the interactive parts come to the browser (island.tsx), not every block
    expect(files).not.toContain('apps/web/src/site-render/block-view.tsx');
    expect(site.zodImporters.map(site.chain)).toEqual([]);
    // the editor's preview imports the components and the fixtures
    const preview = walk(path.join(webSrc, 'site-render/fixtures.ts'));
    expect(preview.zodImporters.map(preview.chain)).toEqual([]);
  });

  it('would be caught: a contract schema module imports zod, and the walk resolves the contract', () => {
    const schemaModule = resolve('@tourdesk/contract/api/user', ENTRY);
    expect(schemaModule).toBe(path.join(root, 'packages/contract/src/api/user.ts'));
    expect(walk(schemaModule!).zodImporters).toContain(schemaModule);
  });
});
