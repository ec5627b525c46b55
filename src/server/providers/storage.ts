import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/**
 * Where uploaded files (product and dish images) are kept: the data folder by default, an
 * S3-compatible bucket when one is configured. Keys are ours (a random id and an extension), never a
 * client's file name.
 */
export interface FileStorage {
  /** What the test runner reports: "local disk (…)" or "S3 bucket …". */
  readonly description: string;
  put(key: string, file: StoredFile): Promise<void>;
  /** Nothing when there is no such file. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Writes and reads back a small file, for the diagnostics page. */
  check(): Promise<void>;
}

const contentTypes: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/** Files under a folder of the data directory; written to a temporary name first, so a reader never sees half a file. */
export function createLocalStorage(folder: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[a-z0-9-]+\.[a-z0-9]+$/i.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(folder, key);
  };
  return {
    description: `local disk (${folder})`,
    async put(key, file) {
      await mkdir(folder, { recursive: true });
      const target = pathOf(key);
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, file.data);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        const data = await readFile(pathOf(key));
        return { data, contentType: contentTypes[path.extname(key)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async check() {
      const key = 'diagnostics-check.png';
      const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      await this.put(key, { data, contentType: 'image/png' });
      const back = await this.get(key);
      if (!back?.data.equals(data)) throw new Error('the file read back differs from the one written');
    },
  };
}
