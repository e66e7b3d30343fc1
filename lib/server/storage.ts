import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { dataDir } from "./env";

// Files live under $DATA_DIR/files/<organization>/<file id>; names are ours, never the uploader's.
const pathOf = (organizationId: string, fileId: string) => path.join(dataDir(), "files", organizationId, fileId);

export async function storeFile(organizationId: string, fileId: string, bytes: Uint8Array) {
  const target = pathOf(organizationId, fileId);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, bytes);
}

export async function readStoredFile(organizationId: string, fileId: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(pathOf(organizationId, fileId));
  } catch {
    return null;
  }
}
