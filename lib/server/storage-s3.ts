import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import type { StorageDriver } from "./storage";

export type S3Config = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO, Garage and s3rver serve buckets as paths, not host names. */
  forcePathStyle: boolean;
};

const clients = new Map<string, S3Client>();

// Loaded on first use: an install that keeps files on disk never needs the SDK.
const sdk = () => import("@aws-sdk/client-s3");

/** One client per configuration: it keeps its connections open between requests. */
async function clientFor(config: S3Config): Promise<S3Client> {
  const key = JSON.stringify(config);
  let client = clients.get(key);
  if (!client) {
    const { S3Client } = await sdk();
    client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      // Without keys the SDK's own chain applies (instance roles, AWS_* variables).
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
    clients.set(key, client);
  }
  return client;
}

const objectKey = (key: string) => `files/${key}`;

/** An S3-compatible bucket (AWS S3, MinIO, Garage, Cloudflare R2): instances share files without a shared disk. */
export function s3Storage(config: S3Config): StorageDriver {
  const client = () => clientFor(config);
  const Bucket = config.bucket;
  return {
    async put(key, bytes, mimetype) {
      const { PutObjectCommand } = await sdk();
      await (await client()).send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: mimetype }));
    },
    async open(key) {
      const { GetObjectCommand, NoSuchKey } = await sdk();
      try {
        const got = await (await client()).send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!got.Body) return null;
        return { body: got.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: Number(got.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      const { DeleteObjectCommand } = await sdk();
      await (await client()).send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
