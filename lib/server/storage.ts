import "server-only";
import { localStorage } from "./storage-local";
import { s3Storage, type S3Config } from "./storage-s3";

/** A stored file opened for reading: its bytes arrive as a stream, never whole. */
export type StoredObject = { body: ReadableStream<Uint8Array>; size: number };

/** Where file bytes live; keys are ours (`<organization>/<file id>`), never the uploader's names. */
export type StorageDriver = {
  put(key: string, bytes: Uint8Array, mimetype: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  open(key: string): Promise<StoredObject | null>;
  /** Deleting what is already gone succeeds. */
  remove(key: string): Promise<void>;
};

/** The bucket named by S3_BUCKET, or null for the local directory (README: file storage). */
export function s3Config(env = process.env): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true" || env.S3_FORCE_PATH_STYLE === "1",
  };
}

/** Read on each use, so the driver follows the environment it runs in. */
export function storage(): StorageDriver {
  const config = s3Config();
  return config ? s3Storage(config) : localStorage();
}

const keyOf = (organizationId: string, fileId: string) => `${organizationId}/${fileId}`;

export const storeFile = (organizationId: string, fileId: string, bytes: Uint8Array, mimetype: string) =>
  storage().put(keyOf(organizationId, fileId), bytes, mimetype);

export const openStoredFile = (organizationId: string, fileId: string) => storage().open(keyOf(organizationId, fileId));

export const deleteStoredFile = (organizationId: string, fileId: string) => storage().remove(keyOf(organizationId, fileId));

/** A stored file's bytes whole, for the few readers that need them so (attachments of a mail being sent; bounded by the upload limit). */
export async function readStoredFile(organizationId: string, fileId: string): Promise<Buffer | null> {
  const stored = await openStoredFile(organizationId, fileId);
  if (!stored) return null;
  return Buffer.from(await new Response(stored.body).arrayBuffer());
}
