/**
 * zod (it arrives with the screens that validate, never on the sign-in screen) probes
 * `new Function` once to choose its fast parser. Our CSP (script-src 'self') blocks the probe,
 * and the browser reports a CSP violation on every screen that parses. `jitless` skips the
 * probe; the parser is the same one zod falls back to anyway. zod keeps its settings on
 * `globalThis.__zod_globalConfig` (shared by every copy of zod), so this sets `jitless` without
 * loading zod. Imported first by main.tsx.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
