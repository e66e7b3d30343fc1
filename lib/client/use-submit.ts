"use client";
import { useCallback, useState } from "react";
import { requestFailed, type ErrorDisplay, type FieldErrors } from "./field-errors";

/**
 * What else a failure does; it may answer the errors to show instead of those
 * the 400 carried (empty for any other failure).
 */
export type OnFailure = (errors: FieldErrors, error: unknown) => FieldErrors | void;

/**
 * Busy state and failure handling for every form and dialog: busy while the
 * action runs; a failure shows the error catalogue's toast (or, inline, only the
 * form's errors) and hands a 400's errors by path to `setErrors`. Answers what
 * the action returned, or undefined when it failed.
 */
export function useSubmit(setErrors?: (errors: FieldErrors) => void, display: ErrorDisplay = "toast") {
  const [busy, setBusy] = useState(false);
  const submit = useCallback(
    async <T>(action: () => Promise<T>, onFailure?: OnFailure): Promise<T | undefined> => {
      setBusy(true);
      try {
        return await action();
      } catch (error) {
        const errors = requestFailed(error, display);
        setErrors?.(onFailure?.(errors, error) ?? errors);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [setErrors, display],
  );
  return { busy, submit };
}
