"use client";
import { Modal, type ModalProps } from "@mantine/core";
import { Fragment } from "react";
import { useRemovalDelay } from "./presence";

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
