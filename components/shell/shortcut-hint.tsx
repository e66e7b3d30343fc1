"use client";
import { Kbd } from "@mantine/core";
import { useOs } from "@mantine/hooks";

/** A shortcut as the user presses it: ⌘ on Apple machines, Ctrl elsewhere. */
export function ShortcutHint({ keys, mod = false }: { keys: string; mod?: boolean }) {
  const os = useOs();
  const apple = os === "macos" || os === "ios";
  const text = mod ? `${apple ? "⌘" : "Ctrl+"}${keys}` : keys;
  return (
    <Kbd size="xs" aria-hidden>
      {text}
    </Kbd>
  );
}
