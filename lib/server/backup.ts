import "server-only";
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pgliteExtensions } from "@/db/pglite-extensions";
import { databaseUrl, dataDir } from "./env";
import { s3Config } from "./storage";

/*
 * One archive (.tar.gz) holding a whole install: manifest.json, the database
 * (PGlite: its data directory as dumped by dumpDataDir; Postgres: pg_dump -Fc),
 * the local files directory and the generated session secret. Files in an S3
 * bucket are not included (the manifest says so). PGlite allows one process on its
 * directory: stop the app before backing up or restoring the embedded database.
 */

export const BACKUP_FORMAT = "craftdesk-backup";
type Manifest = { format: typeof BACKUP_FORMAT; version: 1; createdAt: string; database: "pglite" | "postgres"; files: "included" | "s3 bucket, not included" };
export type BackupResult = { file: string; manifest: Manifest };

const PGLITE_DUMP = "database.tar.gz";
const POSTGRES_DUMP = "database.pgdump";
const SECRET = "session-secret";

/** Runs a command to its end; its output goes to the file descriptor `stdout`, else nowhere. */
function run(command: string, args: string[], stdout: number | "ignore" = "ignore"): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", stdout, "pipe"] });
    let err = "";
    child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${err.trim()}`))));
  });
}

// The archive holds every organization's data and the session secret (which also
// derives the key sealing mailbox tokens): only its owner may read it.
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/** Packs `dir` into `target`, a file only its owner can read from the moment it exists (an old one is made so first). */
async function writeArchive(target: string, dir: string): Promise<void> {
  const handle = await fs.open(target, "w", PRIVATE_FILE);
  try {
    await handle.chmod(PRIVATE_FILE);
    await run("tar", ["-czf", "-", "-C", dir, "."], handle.fd);
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  } finally {
    await handle.close();
  }
}

const exists = (file: string) => fs.access(file).then(() => true, () => false);
const isEmptyDir = async (dir: string) => !(await exists(dir)) || (await fs.readdir(dir)).length === 0;

async function openPglite(dir: string, loadDataDir?: Blob) {
  const { PGlite } = await import("@electric-sql/pglite");
  return PGlite.create(dir, { extensions: await pgliteExtensions(), ...(loadDataDir ? { loadDataDir } : {}) });
}

async function withStaging<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "craftdesk-backup-"));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Writes the archive of the database of DATABASE_URL (else the embedded one) and of DATA_DIR's files to `file`. */
export async function createBackup(file: string): Promise<BackupResult> {
  const target = path.resolve(file);
  return withStaging(async (staging) => {
    const url = databaseUrl();
    if (url) {
      await run("pg_dump", ["--format=custom", "--file", path.join(staging, POSTGRES_DUMP), "--dbname", url]);
    } else {
      const dbDir = path.join(dataDir(), "db");
      if (!(await exists(path.join(dbDir, "PG_VERSION")))) throw new Error(`No embedded database in ${dbDir}`);
      const db = await openPglite(dbDir);
      try {
        const dump = await db.dumpDataDir("gzip");
        await fs.writeFile(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    const bucket = s3Config() !== null;
    const files = path.join(dataDir(), "files");
    if (!bucket && (await exists(files))) await fs.cp(files, path.join(staging, "files"), { recursive: true });
    const secret = path.join(dataDir(), SECRET);
    if (await exists(secret)) await fs.copyFile(secret, path.join(staging, SECRET));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: url ? "postgres" : "pglite",
      files: bucket ? "s3 bucket, not included" : "included",
    };
    await fs.writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
    await writeArchive(target, staging);
    return { file: target, manifest };
  });
}

/**
 * Replacing a database: every schema in it is dropped (the app's, the job queue's,
 * the migrations' record) and public made again, so the dump lands as into a new
 * database. pg_restore --clean cannot do it: it stops at the job queue's
 * partitioned tables, whose partitions' constraints cannot be dropped one by one.
 */
async function emptyPostgres(url: string): Promise<void> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp\\_%'",
    );
    for (const { name } of rows) await client.query(`drop schema "${name.replace(/"/g, '""')}" cascade`);
    await client.query("create schema public");
  } finally {
    await client.end();
  }
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'",
    );
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores an archive into DATA_DIR and the database of DATABASE_URL (else the
 * embedded one), which must be empty unless `force` (then they are replaced).
 */
export async function restoreBackup(file: string, { force = false } = {}): Promise<Manifest> {
  return withStaging(async (staging) => {
    await run("tar", ["-xzf", path.resolve(file), "-C", staging]);
    const manifest = JSON.parse(await fs.readFile(path.join(staging, "manifest.json"), "utf8").catch(() => "{}")) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not a Craftdesk backup`);
    const url = databaseUrl();
    const into = url ? "postgres" : "pglite";
    if (manifest.database !== into) {
      throw new Error(`This backup holds a ${manifest.database} database; restore it with ${manifest.database === "postgres" ? "DATABASE_URL set" : "DATABASE_URL unset"}`);
    }
    const dir = dataDir();
    const dbDir = path.join(dir, "db");
    const filesDir = path.join(dir, "files");
    const occupied = [
      ...(!url && !(await isEmptyDir(dbDir)) ? [dbDir] : []),
      ...(url && !(await postgresIsEmpty(url)) ? ["the database of DATABASE_URL"] : []),
      ...(!(await isEmptyDir(filesDir)) ? [filesDir] : []),
    ];
    if (occupied.length > 0 && !force) throw new Error(`Not empty: ${occupied.join(", ")}. Restore into an empty place, or pass --force to replace it.`);

    if (url) {
      if (force) await emptyPostgres(url);
      await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", url, path.join(staging, POSTGRES_DUMP)]);
    } else {
      await fs.rm(dbDir, { recursive: true, force: true });
      await fs.mkdir(dbDir, { recursive: true });
      const dump = new Blob([await fs.readFile(path.join(staging, PGLITE_DUMP))]);
      const db = await openPglite(dbDir, dump);
      await db.close();
    }
    await fs.rm(filesDir, { recursive: true, force: true });
    if (await exists(path.join(staging, "files"))) await fs.cp(path.join(staging, "files"), filesDir, { recursive: true });
    const secret = path.join(staging, SECRET);
    if ((await exists(secret)) && (force || !(await exists(path.join(dir, SECRET))))) {
      await fs.copyFile(secret, path.join(dir, SECRET));
      await fs.chmod(path.join(dir, SECRET), PRIVATE_FILE);
    }
    return manifest;
  });
}
