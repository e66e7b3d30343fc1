import type { z } from "zod";
import { ApiRequestError } from "./api";
import { errorToast, toast } from "./toast";

export type FieldErrors = Record<string, string>;

function firstPerPath(errors: { path: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const { path, message } of errors) out[path] ??= message;
  return out;
}

/**
 * Checks values with the same schema the server uses. On failure it shows the
 * Invalid input toast, as a server 400 would, and returns the errors by path.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors = result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  toast("warning", "Invalid input", errors.map((e) => e.message).join(", "));
  return { errors: firstPerPath(errors) };
}

/** Shows the catalogue toast and returns the field errors a 400 carried, if any. */
export function requestFailed(error: unknown): FieldErrors {
  errorToast(error);
  if (error instanceof ApiRequestError && error.body.errors) return firstPerPath(error.body.errors);
  return {};
}
