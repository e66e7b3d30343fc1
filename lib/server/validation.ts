import type { z } from "zod";
import { issueMessage } from "@/lib/i18n/zod-issue";
import { badRequest, type FieldError } from "./errors";

/** Each issue on its path, as a catalogue key and values the route kernel translates. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const { key, values } = issueMessage(issue);
    return { path: issue.path.map(String).join("."), message: key, values };
  });
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(fieldErrors(result.error));
  const unstorable = unstorableTextErrors(result.data);
  if (unstorable.length > 0) throw badRequest(unstorable);
  return result.data;
}

/** The two refusals below in US English, as tests read them. */
export const NUL_MESSAGE = "Must not contain the NUL character";
export const SURROGATE_MESSAGE = "Must be valid Unicode text";

/**
 * Why PostgreSQL could not store this text, if it could not (a catalogue key): text
 * and jsonb refuse U+0000, and jsonb refuses the escape of a lone UTF-16 surrogate.
 */
export function unstorableText(value: string): string | undefined {
  if (value.includes("\u0000")) return "validation.nul";
  if (!value.isWellFormed()) return "validation.unicode";
  return undefined;
}

/**
 * Texts (values and keys) of a parsed input the database would refuse, on their
 * paths, so they are a 400 here instead of a failed write. Walks parsed values,
 * whose depth the schema bounds.
 */
export function unstorableTextErrors(value: unknown, path = "", out: FieldError[] = []): FieldError[] {
  if (out.length >= 20) return out;
  if (typeof value === "string") {
    const message = unstorableText(value);
    if (message) out.push({ path, message });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableTextErrors(item, path ? `${path}.${index}` : String(index), out));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      const message = unstorableText(key);
      if (message) out.push({ path: at, message });
      unstorableTextErrors(item, at, out);
    }
  }
  return out;
}

/**
 * Query strings become plain objects. A key given several times, or spelled
 * `key[]`, becomes an array; schemas decide which keys are lists.
 */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  // A Map, then fromEntries: a key such as "__proto__" stays an ordinary (unknown) key.
  const out = new Map<string, string | string[]>();
  for (const [rawKey, value] of params) {
    const isList = rawKey.endsWith("[]");
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const prev = out.get(key);
    if (prev === undefined) out.set(key, isList ? [value] : value);
    else out.set(key, Array.isArray(prev) ? [...prev, value] : [prev, value]);
  }
  return Object.fromEntries(out);
}
