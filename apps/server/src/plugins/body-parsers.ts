import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * Text PostgreSQL cannot store: U+0000 (refused by text and jsonb) and an unpaired UTF-16
 * surrogate (refused by jsonb). Let through, either turned a save into a 500.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** In a JSON body only the escapes \u0000 and \ud800-\udfff make them (raw bytes are UTF-8, where neither exists). */
const MAYBE_UNSTORABLE = /\\u(?:0000|d[89a-f])/i;

interface PathNode {
  key: string;
  parent: PathNode | null;
}
/** The field path as the error names it; no form field nests deeper than MAX_PATH_PARTS. */
const MAX_PATH_PARTS = 16;
const pathOf = (node: PathNode | null): string[] => {
  const parts: string[] = [];
  for (let n = node; n; n = n.parent) parts.push(n.key);
  return parts.reverse().slice(0, MAX_PATH_PARTS);
};

/**
 * The path of the first string or key holding unstorable text; null when none. Iterative, with
 * shared path nodes: a 1 MB body may nest hundreds of thousands of levels deep.
 */
const findUnstorable = (root: unknown): string[] | null => {
  const stack: [unknown, PathNode | null][] = [[root, null]];
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return pathOf(at);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const node = { key: k, parent: at };
        if (UNSTORABLE.test(k)) return pathOf(node);
        stack.push([v, node]);
      }
    }
  }
  return null;
};

/**
 * Body parsers: the API takes JSON (multipart for uploads, registered by that module).
 * - Fastify's text/plain parser is removed: such a body was handed to the JSON schemas as a
 *   string (a 422 on '_'); now it is 415 like any other type, and a cross-site form (enctype
 *   text/plain, no CORS preflight) never reaches a handler.
 * - JSON is parsed as Fastify does (secure-json-parse, __proto__ and constructor refused), and a
 *   string holding text the database cannot store is a 422 on its field, before any handler.
 *   The check runs only when the raw body has such an escape, so other bodies pay one regex test.
 */
export const registerBodyParsers = (app: FastifyInstance): void => {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = typeof raw === 'string' ? raw : raw.toString('utf8');
    parseJson(request, body, (err, value) => {
      if (err) return done(err, undefined);
      const at = MAYBE_UNSTORABLE.test(body) ? findUnstorable(value) : null;
      if (at) return done(AppError.validation({ [at.join('.') || '_']: ['incorrect_value'] }), undefined);
      done(null, value);
    });
  });
};
