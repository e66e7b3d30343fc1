import type { z } from "zod";
import { ApiRequestError } from "./api";
import { issueMessage } from "@/lib/i18n/zod-issue";
import { errorToast, failureText, toast } from "./toast";
import { translate } from "./translate";

export type FieldErrors = Record<string, string>;

/** A zod issue in the page's language. */
export function issueText(issue: z.core.$ZodIssue): string {
  const { key, values } = issueMessage(issue);
  return translate(key, values);
}

/** Issues a shared check found (catalogue keys with values), in the page's language. */
export const issueTexts = <I extends { path: string; message: string; values?: Record<string, string | number> }>(issues: I[]) =>
  issues.map((issue) => ({ ...issue, message: translate(issue.message, issue.values) }));

/** The first message for each path, in the order given. */
export function firstPerPath(errors: { path: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const { path, message } of errors) out[path] ??= message;
  return out;
}

/**
 * Where a form shows its failures: `toast` (the error catalogue's toast, and the
 * fields' own errors beside them) or `inline` (in the form only: the fields' errors,
 * and any other failure as the form's own error, at path "").
 */
export type ErrorDisplay = "toast" | "inline";

/**
 * Checks values with the same schema the server uses. On failure it shows the
 * Invalid input toast, as a server 400 would (unless shown inline), and returns the errors by path.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
  display: ErrorDisplay = "toast",
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors = result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issueText(issue) }));
  if (display === "toast") toast("warning", translate("errors.invalidInput"), errors.map((e) => e.message).join(", "));
  return { errors: firstPerPath(errors) };
}

/** The field errors a 400 carried, if any; the failure itself is toasted, or inline the form's own error. */
export function requestFailed(error: unknown, display: ErrorDisplay = "toast"): FieldErrors {
  const fields = error instanceof ApiRequestError && error.body.errors ? firstPerPath(error.body.errors) : {};
  if (display === "toast") {
    errorToast(error);
    return fields;
  }
  if (Object.keys(fields).length > 0) return fields;
  console.error(error);
  return { "": failureText(error) };
}

/** Whether `path` is `prefix` itself or lies below it ("effects.0" holds "effects.0.value"). */
const isAt = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`);

/** Errors at or below `prefix`, with paths relative to it; the prefix's own error under "". */
export const errorsAt = (errors: FieldErrors, prefix: string): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => isAt(path, prefix))
      .map(([path, message]) => [path === prefix ? "" : path.slice(prefix.length + 1), message]),
  );

/** Errors strictly below `prefix` ("0.title" for "workflows"), with paths relative to it. */
export const errorsBelow = (errors: FieldErrors, prefix: string): FieldErrors => {
  const { "": _own, ...below } = errorsAt(errors, prefix);
  return below;
};

/** The first error strictly below `prefix`, in the order the errors came. */
export const firstErrorBelow = (errors: FieldErrors, prefix: string): string | undefined =>
  Object.entries(errors).find(([path]) => path !== prefix && isAt(path, prefix))?.[1];

/** The error of `key` itself, else the first one below it. */
export const errorOf = (errors: FieldErrors, key: string): string | undefined => errors[key] ?? firstErrorBelow(errors, key);

/** Errors without those at or below any of `keys`: what is left once those parts have been edited. */
export const errorsWithout = (errors: FieldErrors, keys: string[]): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => !keys.some((key) => isAt(path, key))));
