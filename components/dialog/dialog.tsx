"use client";
import { Modal, type ModalProps } from "@mantine/core";
import { Fragment } from "react";
import { useRemovalDelay } from "./presence";

/**
 * Every dialog of the app: Mantine's Modal, kept in the page (hidden) for the
 * removal delay after it closes, then removed with its content.
 */
export function Dialog({ children, ...props }: ModalProps) {
  const { present, opening } = useRemovalDelay(props.opened);
  if (!present) return null;
  return (
    // Hidden with display: none rather than React's Activity, so nothing in it unmounts and mounts again while it waits.
    <Modal keepMounted keepMountedMode="display-none" {...props}>
      <Fragment key={opening}>{children}</Fragment>
    </Modal>
  );
}
