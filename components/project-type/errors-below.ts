import type { FieldErrors } from "@/lib/client/field-errors";

/** Errors at or below `prefix` ("effects.0"), with paths relative to it; the prefix's own error under "". */
export const errorsBelow = (errors: FieldErrors, prefix: string): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
      .map(([path, message]) => [path === prefix ? "" : path.slice(prefix.length + 1), message]),
  );
