import { Group, type GroupProps } from "@mantine/core";
import classes from "./dialog-actions.module.css";

/**
 * A dialog's buttons (and what belongs with them): always in view at the bottom of
 * the dialog, however long its body, which scrolls behind them.
 */
export function DialogActions({ justify = "flex-end", ...props }: GroupProps) {
  return <Group justify={justify} className={classes.actions} {...props} />;
}
