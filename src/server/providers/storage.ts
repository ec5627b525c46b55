import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

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

const checkKey = 'diagnostics-check.png';
const checkBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Writes a small file and reads it back: what the diagnostics page runs against any storage. */
async function writeAndReadBack(storage: Pick<FileStorage, 'put' | 'get'>): Promise<void> {
  await storage.put(checkKey, { data: checkBytes, contentType: 'image/png' });
  const back = await storage.get(checkKey);
  if (!back?.data.equals(checkBytes)) throw new Error('the file read back differs from the one written');
}

function assertKey(key: string): string {
  if (!/^[a-z0-9-]+\.[a-z0-9]+$/i.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

/** Files under a folder of the data directory; written to a temporary name first, so a reader never sees half a file. */
export function createLocalStorage(folder: string): FileStorage {
  const pathOf = (key: string) => path.join(folder, assertKey(key));
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
    check() {
      return writeAndReadBack(this);
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, a stand-in in tests); AWS itself when absent. */
  endpoint?: string;
  /** Keys; the SDK's own chain (instance role, environment) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path instead of the host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
}

/** Files as objects of an S3-compatible bucket, through the official AWS SDK. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    // A copy: the SDK marks the object it is given.
    credentials: options.credentials && { ...options.credentials },
    forcePathStyle: options.forcePathStyle,
    // Every upload and read is one short request: a slow bucket should fail the request, not hang it.
    requestHandler: { requestTimeout: 15_000, connectionTimeout: 5_000 },
  });
  const { bucket } = options;
  return {
    description: `S3 bucket ${bucket}${options.endpoint ? ` at ${new URL(options.endpoint).host}` : ` in ${options.region}`}`,
    async put(key, file) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: assertKey(key), Body: file.data, ContentType: file.contentType }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: assertKey(key) }));
        const data = Buffer.from(await object.Body!.transformToByteArray());
        return { data, contentType: object.ContentType ?? contentTypes[path.extname(key)] ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return undefined;
        throw error;
      }
    },
    check() {
      return writeAndReadBack(this);
    },
  };
}
