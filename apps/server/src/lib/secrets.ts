import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface Secrets {
  jwtSecret: Uint8Array;
  altchaHmacKey: string;
}

/**
 * Secrets come from the environment; on the embedded defaults they are generated once into
 * DATA_DIR/secrets.json (mode 600) so tokens survive a restart. Several nodes must share
 * JWT_SECRET and ALTCHA_HMAC_KEY through the environment.
 */
export const loadSecrets = (config: Config): Secrets => {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: { jwt_secret?: string; altcha_hmac_key?: string } = {};
  if (!config.JWT_SECRET || !config.ALTCHA_HMAC_KEY) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof stored;
    if (!stored.jwt_secret || !stored.altcha_hmac_key) {
      stored = {
        jwt_secret: stored.jwt_secret ?? crypto.randomBytes(48).toString('base64url'),
        altcha_hmac_key: stored.altcha_hmac_key ?? crypto.randomBytes(32).toString('base64url'),
      };
      fs.writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
    }
  }
  return {
    jwtSecret: new TextEncoder().encode(config.JWT_SECRET ?? stored.jwt_secret),
    altchaHmacKey: config.ALTCHA_HMAC_KEY ?? stored.altcha_hmac_key ?? '',
  };
};
