import { join } from 'node:path';
import type { Env } from '../../env.ts';
import { createDiskFileStore, type FileStore } from './file-store.ts';
import { createS3FileStore, type S3Settings } from './s3-file-store.ts';

type StorageEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
  | 'S3_PUBLIC_URL'
>;

/** The bucket's settings when S3_BUCKET is set (env.ts has checked the rest is there), else null. */
export function s3SettingsOf(env: StorageEnv): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  if (!env.S3_REGION || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_BUCKET needs S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

/** S3 when S3_BUCKET is set, otherwise files on disk under DATA_DIR/files (the zero-config default). */
export async function createFileStore(env: StorageEnv): Promise<FileStore> {
  const s3 = s3SettingsOf(env);
  return s3 ? createS3FileStore(s3) : createDiskFileStore(join(env.DATA_DIR, 'files'));
}
