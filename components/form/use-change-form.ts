"use client";
import { useCallback, useMemo, useState } from "react";
import { errorOf, errorsBelow, errorsWithout, type ErrorDisplay, type FieldErrors } from "@/lib/client/field-errors";
import { useSubmit } from "@/lib/client/use-submit";
import type { Values } from "./form-config";

// Values are plain JSON built the same way on both sides, so their text compares them.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Options = {
  /** Errors stay until the next submit instead of going with an edit of their field (log in, sign up, passwords). */
  keepErrors?: boolean;
  /** Failures shown in the form only, never as toasts (log in, sign up). */
  errors?: ErrorDisplay;
};

/**
 * The spec's change-set model (§4 Forms): the values being edited against the
 * last saved snapshot; the changed fields are what a save sends. Every form and
 * dialog keeps its values, errors by path and busy state here, and saves
 * through `submit`.
 */
export function useChangeForm<V extends Values = Values>(initial: V, { keepErrors = false, errors: display = "toast" }: Options = {}) {
  const [snapshot, setSnapshot] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, submit } = useSubmit(setErrors, display);
  // Work a field does before its value is whole (a project's type loading its first status): a save waits for it.
  const [settling, setSettling] = useState(0);
  const changed = useMemo(
    () => (Object.keys(values) as (keyof V & string)[]).filter((key) => !same(values[key], snapshot[key])),
    [values, snapshot],
  );

  const clearErrors = useCallback((...keys: string[]) => setErrors((current) => errorsWithout(current, keys)), []);

  /** Several values at once; a message about a part that has just changed would be stale, so it goes. */
  const edit = useCallback(
    (patch: Partial<V>) => {
      setValues((current) => ({ ...current, ...patch }));
      if (!keepErrors) clearErrors(...Object.keys(patch));
    },
    [keepErrors, clearErrors],
  );

  const set = useCallback(
    <K extends keyof V & string>(key: K, value: V[K]) => {
      const patch: Partial<V> = {};
      patch[key] = value;
      edit(patch);
    },
    [edit],
  );

  /** After a save, or when fresh server data arrives: the answer becomes both snapshot and values. */
  const commit = useCallback((next: V) => {
    setSnapshot(next);
    setValues(next);
    setErrors({});
  }, []);

  /** Runs a field's work with the form busy meanwhile, so Save is not pressed on a half-set value. */
  const track = useCallback(async <T>(work: () => Promise<T>): Promise<T> => {
    setSettling((count) => count + 1);
    try {
      return await work();
    } finally {
      setSettling((count) => count - 1);
    }
  }, []);

  const reset = useCallback(() => {
    setValues(snapshot);
    setErrors({});
  }, [snapshot]);

  return {
    values,
    snapshot,
    changed,
    dirty: changed.length > 0,
    changes: () => Object.fromEntries(changed.map((key) => [key, values[key]])) as Partial<V>,
    set,
    edit,
    commit,
    reset,
    errors,
    setErrors,
    clearErrors,
    errorOf: (key: string) => errorOf(errors, key),
    errorsUnder: (key: string) => errorsBelow(errors, key),
    busy: busy || settling > 0,
    submit,
    track,
  };
}

export type ChangeForm<V extends Values = Values> = ReturnType<typeof useChangeForm<V>>;
