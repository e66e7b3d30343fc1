import type { z } from "zod";
import { badRequest, type FieldError } from "./errors";

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      return { path, message: `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}` };
    }
    return { path, message: issue.message };
  });
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(fieldErrors(result.error));
  return result.data;
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
