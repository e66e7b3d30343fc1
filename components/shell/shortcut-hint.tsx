"use client";
import { Kbd } from "@mantine/core";
import { useOs } from "@mantine/hooks";

/**
 * `mod`: ⌘ on Apple machines, Ctrl elsewhere. `digit`, for shortcuts with a digit: ⌘ on
 * Apple machines, Alt elsewhere, where Ctrl with a digit switches the browser's tabs or
 * resets its zoom.
 */
export type Modifier = "mod" | "digit";

function useApple() {
  const os = useOs();
  return os === "macos" || os === "ios";
}

/** The hotkey (as useHotkeys reads it) and the label of a modifier with a key, for this machine. */
export function useShortcut() {
  const apple = useApple();
  return {
    hotkey: (modifier: Modifier, key: string) => `${modifier === "digit" && !apple ? "alt" : "mod"}+${key}`,
    label: (modifier: Modifier | undefined, key: string) =>
      modifier === undefined ? key : `${apple ? "⌘" : modifier === "digit" ? "Alt+" : "Ctrl+"}${key}`,
  };
}

/** A shortcut as the user presses it on this machine. */
export function ShortcutHint({ keys, modifier }: { keys: string; modifier?: Modifier }) {
  const { label } = useShortcut();
  return (
    <Kbd size="xs" aria-hidden>
      {label(modifier, keys)}
    </Kbd>
  );
}
