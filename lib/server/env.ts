import path from "node:path";

// Read lazily: tests and scripts set variables after import.
export function dataDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR || "./data");
}

export function databaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}
