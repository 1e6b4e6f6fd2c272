/** A unique violation (23505) from node-postgres or PGlite, however deep drizzle wrapped it. */
export const isUniqueViolation = (e: unknown): boolean => {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause)
    if ((x as { code?: unknown }).code === '23505') return true;
  return false;
};
