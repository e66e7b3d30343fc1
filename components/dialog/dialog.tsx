"use client";
import { Modal, type ModalProps } from "@mantine/core";
import { Fragment, useEffect, useLayoutEffect, useState } from "react";

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

/**
 * Escape presses a dialog has already acted on: one press closes one dialog. Each
 * dialog hears Escape on the window, in the order the dialogs came into the page,
 * and reads its latest props; a question that one press brings up (the import
 * dialog asking before its mapping is lost) is rendered open before its own
 * listener hears that press when it is still in the page from its last opening,
 * and would otherwise take the press as its answer and close again at once.
 */
const handledEscapes = new WeakSet<KeyboardEvent>();

/**
 * Every dialog of the app: Mantine's Modal, kept in the page (hidden) for the
 * removal delay after it closes, then removed with its content.
 */
export function Dialog({ children, ...props }: ModalProps) {
  const { present, opening } = useRemovalDelay(props.opened);
  if (!present) return null;
  return (
    // Hidden with display: none rather than React's Activity, so nothing in it unmounts and mounts again while it waits.
    <Modal keepMounted keepMountedMode="display-none" __handledEscapeEvents={handledEscapes} {...props}>
      <Fragment key={opening}>{children}</Fragment>
    </Modal>
  );
}
