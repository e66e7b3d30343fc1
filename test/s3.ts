/** A real S3 API on loopback (s3rver, objects in a temporary directory) for the bucket storage driver. */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { pointEnv } from "./env";

export const TEST_BUCKET = "craftdesk-files";

/** Starts the server with an empty bucket and points the app at it; the returned stop puts the environment back. */
export async function startS3() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "craftdesk-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const restore = pointEnv({
    S3_BUCKET: TEST_BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    // s3rver's own fixed credentials; it checks every request's signature with them.
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
  return {
    directory,
    async stop() {
      restore();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
