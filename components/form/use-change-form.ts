"use client";
import { useCallback, useMemo, useState } from "react";
import type { FieldErrors } from "@/lib/client/field-errors";
import type { Values } from "./form-config";

// Values are plain JSON built the same way on both sides, so their text compares them.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The spec's change-set model (§4 Forms): the values being edited against the
 * last saved snapshot; the changed fields are what a save sends.
 */
export function useChangeForm(initial: Values) {
  const [snapshot, setSnapshot] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const changed = useMemo(() => Object.keys(values).filter((key) => !same(values[key], snapshot[key])), [values, snapshot]);

  const set = useCallback((key: string, value: unknown) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path !== key && !path.startsWith(`${key}.`))));
  }, []);

  /** After a save, or when fresh server data arrives: the answer becomes both snapshot and values. */
  const commit = useCallback((next: Values) => {
    setSnapshot(next);
    setValues(next);
    setErrors({});
  }, []);

  const reset = useCallback(() => {
    setValues(snapshot);
    setErrors({});
  }, [snapshot]);

  const errorOf = (key: string) => errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1];

  const errorsUnder = (key: string) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([path]) => path.startsWith(`${key}.`))
        .map(([path, message]) => [path.slice(key.length + 1), message]),
    );

  return {
    values,
    snapshot,
    changed,
    dirty: changed.length > 0,
    changes: () => Object.fromEntries(changed.map((key) => [key, values[key]])),
    set,
    commit,
    reset,
    setErrors,
    errorOf,
    errorsUnder,
  };
}

export type ChangeForm = ReturnType<typeof useChangeForm>;
