import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where uploaded and generated files live. Keys are `<folder>/<name>` or `<folder>/<sub>/<name>`
 * with names the server chose (see newFileName); nothing a client sends ever becomes part of a path.
 * Disk today; an S3 implementation can come later behind the same interface.
 */
export type FileStore = {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes a sub-folder (`<folder>/<sub>`) and everything in it; a missing one is not an error. */
  deleteFolder(folder: string): Promise<void>;
};

/**
 * `<folder>/<name>.<ext>` or `<folder>/<sub>/<name>.<ext>`: lowercase folder and sub-folder (one per
 * owner, say), base64url name, lowercase extension.
 */
const KEY = /^[a-z0-9-]{1,32}(?:\/[a-z0-9-]{1,64})?\/[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/;
/** Only sub-folders can be removed whole, never a top-level folder. */
const SUB_FOLDER = /^[a-z0-9-]{1,32}\/[a-z0-9-]{1,64}$/;

export function isValidFileKey(key: string): boolean {
  return KEY.test(key);
}

/** A random, unguessable file name (128 bits) with the given extension. */
export function newFileName(ext: string): string {
  return `${randomBytes(16).toString('base64url')}.${ext}`;
}

/** Files under `root` (DATA_DIR/files), written atomically (temp file + rename). */
export function createDiskFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    if (!isValidFileKey(key)) throw new Error('invalid file key');
    return join(root, key);
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(join(path, '..'), { recursive: true });
      const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deleteFolder(folder) {
      if (!SUB_FOLDER.test(folder)) throw new Error('invalid folder');
      await rm(join(root, folder), { recursive: true, force: true });
    },
  };
}
