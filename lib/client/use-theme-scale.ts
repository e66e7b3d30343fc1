"use client";
import { useLocalStorage } from "@mantine/hooks";
import { useEffect } from "react";
import { applyScale, DEFAULT_SCALE, parseScale, SCALE_STORAGE_KEY } from "./theme-scale";

/** The stored scale; every instance (and other tabs) follows a change and applies it at once. */
export function useThemeScale() {
  const [scale, setScale] = useLocalStorage<number>({
    key: SCALE_STORAGE_KEY,
    defaultValue: DEFAULT_SCALE,
    // Only rendered in the browser behind the session gate, so no hydration mismatch to avoid.
    getInitialValueInEffect: false,
    serialize: String,
    deserialize: (value) => parseScale(value),
  });
  useEffect(() => applyScale(scale), [scale]);
  return [scale, setScale] as const;
}
