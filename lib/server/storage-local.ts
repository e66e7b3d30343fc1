import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { dataDir } from "./env";
import type { StorageDriver } from "./storage";

// Files live under $DATA_DIR/files/<organization>/<file id>.
const pathOf = (key: string) => path.join(dataDir(), "files", ...key.split("/"));

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export function localStorage(): StorageDriver {
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, target);
    },
    async open(key) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(key), "r");
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const { size } = await handle.stat();
      // The stream closes the handle when it ends or is cancelled.
      const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      return { body, size };
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
