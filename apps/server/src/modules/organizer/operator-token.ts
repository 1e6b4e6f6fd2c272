import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const OPERATOR_TOKEN_FILE = 'admin-token';

/**
 * The operator token: ADMIN_TOKEN when set (same on every node), else generated once into
 * DATA_DIR/admin-token (mode 600), where `npm run admin` on the same machine reads it.
 */
export const loadOperatorToken = (dataDir: string, fromEnv?: string): string => {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, OPERATOR_TOKEN_FILE);
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const token = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, token, { mode: 0o600 });
  return token;
};

/** Constant-time comparison (hashes first, so lengths never leak). */
export const isOperatorToken = (given: string | undefined, expected: string): boolean => {
  if (!given) return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};
