import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('leaves zod in jitless mode, so it never probes new Function under the CSP', () => {
    expect(z.config().jitless).toBe(true);
    // and zod still parses
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
  });
});
