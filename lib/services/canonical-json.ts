import crypto from "node:crypto";

/** JSON with every object's keys sorted, at every depth: the same document always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash a frozen document is known by: SHA-256 of its canonical JSON, in hex. */
export const documentHash = (document: unknown) => crypto.createHash("sha256").update(canonicalJson(document)).digest("hex");
