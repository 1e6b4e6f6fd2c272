import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  /** ms since the epoch of the build that is running */
  timestamp: number;
  brand_id: number | null;
}

/** Written by scripts/build.mjs next to the server bundle; without a build (tests, dev) the start time. */
export const readBuildInfo = (): BuildInfo => {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-info.json');
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BuildInfo>;
    if (typeof parsed.timestamp === 'number') return { timestamp: parsed.timestamp, brand_id: parsed.brand_id ?? null };
  } catch {
    // not built
  }
  return { timestamp: Date.now(), brand_id: null };
};
