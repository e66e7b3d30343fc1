import fs from "node:fs";
import path from "node:path";

export const API_DIR = path.join(process.cwd(), "app/api/api");

/** Every route.ts under app/api/api: the endpoints a suite must cover, found on disk. */
export function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** "/customer/[id]" for app/api/api/customer/[id]/route.ts. */
export const routeOf = (file: string) => `/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`;
