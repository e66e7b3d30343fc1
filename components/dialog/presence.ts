"use client";
import { useEffect, useLayoutEffect, useState } from "react";

// Kept apart from the Dialog itself (Mantine's Modal): a screen that only decides whether a
// dialog is in the page loads the dialog, and the Modal, when it is first opened.

/** Spec §9: a closed dialog is removed from the page this long after it closes. */
export const MODAL_REMOVAL_DELAY = 1000;

/**
 * Whether a dialog is in the page: while `opened`, and for `delay` ms after it
 * closes. `opening` keys its content: a dialog reopened before its last opening
 * was removed starts afresh all the same.
 */
export function useRemovalDelay(opened: boolean, delay = MODAL_REMOVAL_DELAY): { present: boolean; opening: number } {
  const [removed, setRemoved] = useState(true);
  const [opening, setOpening] = useState(0);
  // Runs when `opened` changes, with `removed` as it was then; before the browser paints, so the old content is never seen.
  useLayoutEffect(() => {
    if (!opened) return;
    if (!removed) setOpening((count) => count + 1);
    setRemoved(false);
  }, [opened]);
  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => setRemoved(true), delay);
    return () => clearTimeout(timer);
  }, [opened, delay]);
  return { present: opened || !removed, opening };
}

/**
 * For a dialog opened by a value (the item it asks about): the value while it is
 * set, and the last one while the dialog closes and until it is removed, so the
 * dialog does not go blank as it leaves.
 */
export function useClosingValue<T>(value: T | null): { shown: T | null; opened: boolean; opening: number } {
  const opened = value !== null;
  const { present, opening } = useRemovalDelay(opened);
  const [last, setLast] = useState(value);
  useLayoutEffect(() => {
    if (value !== null) setLast(value);
  }, [value]);
  return { shown: value ?? (present ? last : null), opened, opening };
}
