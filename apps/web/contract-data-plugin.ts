import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

/**
 * The web bundle carries the contract's data, not its validators.
 *
 * Every `@tourdesk/contract/*` module builds zod schemas at load time, so importing one plain
 * constant (a route's path, `LANGUAGES`, a cookie name) would ship zod and every schema of
 * that module to the browser — about 35 KB gzip on /org/login alone. In a production build
 * this plugin replaces each contract module the web imports with a generated one, made by
 * evaluating the real module in Node:
 * - a route (or a map of routes) becomes `{ method, path, isPublic, invisibleCaptcha }`:
 *   the client sends requests from these and skips response parsing (the server already
 *   serialized the response through the same schema);
 * - plain data (strings, numbers, arrays, plain objects) is inlined as a literal;
 * - anything else (a schema, a function such as a validation rule) is re-exported from the
 *   real module, so zod reaches the browser only with a screen that really uses a schema.
 * Real modules that do reach the bundle import their neighbours the same way, so a zod-free
 * module (validation rules, the *-rules modules) never pulls a schema module in for a constant.
 * Dev server and unit tests use the real modules (and parse every response).
 */
const CONTRACT_PREFIX = '@tourdesk/contract';
const VIRTUAL_PREFIX = '\0contract-data:';
const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

const ROUTE_FLAGS = ['isPublic', 'invisibleCaptcha'] as const;

const isZod = (value: unknown): boolean => typeof value === 'object' && value !== null && '_zod' in value;

const isRoute = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { path?: unknown }).path === 'string' &&
  isZod((value as { response?: unknown }).response);

const isRouteMap = (value: unknown): value is Record<string, Record<string, unknown>> =>
  typeof value === 'object' &&
  value !== null &&
  !isZod(value) &&
  Object.values(value).length > 0 &&
  Object.values(value).every(isRoute);

const isPlainData = (value: unknown): boolean => {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as object).every(isPlainData);
};

const routeData = (route: Record<string, unknown>) => {
  const data: Record<string, unknown> = { method: route.method, path: route.path };
  for (const flag of ROUTE_FLAGS) if (route[flag] !== undefined) data[flag] = route[flag];
  return data;
};

const modulePath = (specifier: string): string => {
  const rest = specifier.slice(CONTRACT_PREFIX.length).replace(/^\//, '');
  return `${contractSrc}${rest === '' ? 'index' : rest}.ts`;
};

/** Generated modules that carry only data (nothing re-exported from a real, zod-using module). */
const dataOnly = new Set<string>();

/**
 * For a code-splitting group: a contract module the plugin turned into plain data. Such
 * modules can share one chunk with anything; one that re-exports a schema cannot, or zod
 * would come along with the chunk.
 */
export const isContractDataOnly = (id: string): boolean => dataOnly.has(id);

export const contractData = (): Plugin => ({
  name: 'tourdesk-contract-data',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === CONTRACT_PREFIX || source.startsWith(`${CONTRACT_PREFIX}/`))
      return `${VIRTUAL_PREFIX}${modulePath(source)}`;
    // A real contract module that reached the bundle (re-exported for a function or a schema)
    // imports its neighbours through the same data modules: a zod-free module that reads a
    // constant from enums.ts then gets the constant, not enums.ts and zod.
    if (importer && !importer.startsWith('\0') && importer.startsWith(contractSrc) && source.startsWith('.')) {
      const target = path.resolve(path.dirname(importer), source);
      return `${VIRTUAL_PREFIX}${target.endsWith('.ts') ? target : `${target}.ts`}`;
    }
    return null;
  },
  async load(id) {
    if (!id.startsWith(VIRTUAL_PREFIX)) return null;
    const file = id.slice(VIRTUAL_PREFIX.length);
    const { module } = await runnerImport<Record<string, unknown>>(file);
    const lines: string[] = [];
    const reexported: string[] = [];
    for (const [name, value] of Object.entries(module)) {
      if (name === 'default') continue;
      if (isRoute(value)) lines.push(`export const ${name} = ${JSON.stringify(routeData(value))};`);
      else if (isRouteMap(value)) {
        const map = Object.fromEntries(Object.entries(value).map(([key, route]) => [key, routeData(route)]));
        lines.push(`export const ${name} = ${JSON.stringify(map)};`);
      } else if (isPlainData(value)) lines.push(`export const ${name} = ${JSON.stringify(value)};`);
      else reexported.push(name);
    }
    if (reexported.length > 0) lines.push(`export { ${reexported.join(', ')} } from ${JSON.stringify(file)};`);
    else dataOnly.add(id);
    return lines.join('\n');
  },
});
