/** Dotted paths into nested form values and errors: `legal_entity.inn`, `penalties.2.percent`. */

/** The value at a dotted path, undefined when any step is missing. */
export const valueAt = (root: unknown, path: string): unknown => {
  let cur: unknown = root;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
};

/** The error message at a dotted path of react-hook-form's errors. */
export const errorAt = (errors: unknown, path: string): string | undefined => {
  const message = (valueAt(errors, path) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
};

/**
 * Puts a value at a dotted path, making objects on the way (arrays where the next step is an
 * index), so errors have the shape of the values they describe.
 */
export const setAt = (root: Record<string, unknown>, path: string, value: unknown): void => {
  const parts = path.split('.');
  let cur: Record<string, unknown> = root;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      cur[part] = value;
      return;
    }
    const next = cur[part];
    if (next === null || typeof next !== 'object') cur[part] = /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
    cur = cur[part] as Record<string, unknown>;
  });
};

/** The top-level field a path belongs to (`penalties` of `penalties.2.percent`). */
export const rootOf = (path: string): string => path.split('.')[0] ?? path;

/** The named fields of a record: a form's defaults from the stored record, in the body's shape. */
export const pick = <T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
