import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "./env";

let cached: string | undefined;

/** SESSION_SECRET, or one generated once into the data directory for development. */
export function sessionSecret(): string {
  if (cached) return cached;
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("SESSION_SECRET must be at least 32 characters");
    return (cached = fromEnv);
  }
  const file = path.join(dataDir(), "session-secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir(), { recursive: true });
    const generated = crypto.randomBytes(32).toString("base64url");
    // "wx" fails when another process wrote it first; then read theirs.
    try {
      fs.writeFileSync(file, generated, { flag: "wx", mode: 0o600 });
      cached = generated;
    } catch {
      cached = fs.readFileSync(file, "utf8").trim();
    }
  }
  return cached;
}
