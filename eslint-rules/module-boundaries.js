import path from 'node:path';

/**
 * A module (a server module under apps/server/src/modules, a web feature under
 * apps/web/src/features) is reached from another only through its public face: its folder's
 * index file. The rule resolves every relative specifier (import, export … from, import(),
 * vi.mock-free) against the importing file, so `../payment/payment.service` is caught as well
 * as an alias would be.
 *
 * Options: { roots: [{ dir: absolute folder whose children are modules, name: what to call them,
 * outside: the folder the root's faces are enforced from outside the root too (the server's
 * src: app.ts, server.ts, the seeds and lib reach a module through its index as well) }] }
 */
const INDEX = /^index(\.(ts|tsx|js|mjs))?$/;

const moduleOf = (file, roots) => {
  for (const root of roots) {
    const rel = path.relative(root.dir, file);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const [name, ...rest] = rel.split(path.sep);
    return { root, name, rest };
  }
  return null;
};

/** @type {import('eslint').Rule.RuleModule} */
export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Reach another module or feature only through its index (its public face).' },
    schema: [
      {
        type: 'object',
        properties: {
          roots: {
            type: 'array',
            items: {
              type: 'object',
              properties: { dir: { type: 'string' }, name: { type: 'string' }, outside: { type: 'string' } },
              required: ['dir', 'name'],
              additionalProperties: false,
            },
          },
        },
        required: ['roots'],
        additionalProperties: false,
      },
    ],
    messages: {
      deep: "'{{source}}' reaches inside the {{kind}} '{{target}}': import its public face ('{{face}}') instead.",
    },
  },
  create(context) {
    const roots = context.options[0].roots;
    const filename = context.filename;
    const from = moduleOf(filename, roots);
    const within = (dir) => {
      const rel = path.relative(dir, filename);
      return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
    };
    // a file outside every root is checked against the roots that enforce their faces from where it is
    const watched = from ? [from.root] : roots.filter((r) => r.outside && within(r.outside));
    if (watched.length === 0) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(filename), source), roots);
      if (!target || !watched.includes(target.root) || (from && target.name === from.name)) return;
      // the module's folder itself, or its index file, is its public face
      if (target.rest.length === 0 || (target.rest.length === 1 && INDEX.test(target.rest[0]))) return;
      const face = path.relative(path.dirname(filename), path.join(target.root.dir, target.name)) || '.';
      context.report({
        node,
        messageId: 'deep',
        data: { source, kind: target.root.name, target: target.name, face: face.startsWith('.') ? face : `./${face}` },
      });
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const tourdeskPlugin = { rules: { 'module-boundaries': moduleBoundaries } };
