import crypto from 'node:crypto';

/**
 * A secret stored encrypted (AES-256-GCM) under a key derived from the server's secret and the
 * secret's purpose: a copy of the database alone does not give it, and one purpose's key opens no
 * other's. Stored as `v1.<iv>.<tag>.<body>` (base64url). Used by the operators' TOTP secrets and
 * the organizers' own payment accounts (issue 27).
 */
export const createSecretBox = (serverSecret: Uint8Array, purpose: string) => {
  const key = crypto.createHmac('sha256', serverSecret).update(purpose).digest();
  return {
    encrypt: (plain: string): string => {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    /** Throws for what this box did not seal (another key, a changed byte, another format). */
    decrypt: (stored: string): string => {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown secret format');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};
export type SecretBox = ReturnType<typeof createSecretBox>;
