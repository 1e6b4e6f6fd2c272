import fs from 'node:fs';
import path from 'node:path';

/**
 * Where uploaded bytes live. Keys are relative paths made by the server ('images/ab/…/w1200.webp');
 * the files table keeps the key, the bytes stay here. Local disk under DATA_DIR/files is the
 * default; an S3 implementation of the same interface is not written yet (docs/decisions.md "Uploads").
 */
export interface Storage {
  put: (key: string, data: Buffer) => Promise<void>;
  /** null when the key does not exist */
  get: (key: string) => Promise<Buffer | null>;
  delete: (key: string) => Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Disk storage; refuses any key that could leave the root (.., absolute paths, odd characters). */
export const createLocalStorage = (root: string): Storage => {
  const resolve = (key: string): string => {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
      throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, data) => {
      const file = resolve(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // write then rename, so a reader never sees half a file
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(tmp, data);
      await fs.promises.rename(tmp, file);
    },
    get: async (key) => {
      try {
        return await fs.promises.readFile(resolve(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    delete: async (key) => {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
};
