"use client";
import { createContext, useContext } from "react";
import type { SharingLevel } from "@/lib/schemas/sharing";

type DetailValue<Item> = {
  item: Item;
  /** Puts a fresh server answer in place, e.g. after a save. */
  replace: (item: Item) => void;
  /** The session's level on the item (item-level.ts): `view` shows it read-only, without the actions that change it. */
  level: SharingLevel;
};

export const DetailContext = createContext<DetailValue<unknown> | null>(null);

/** The item the surrounding detail layout loaded; tabs render only once it is there. */
export function useDetail<Item>(): DetailValue<Item> {
  const value = useContext(DetailContext);
  if (!value) throw new Error("useDetail is used outside a detail layout");
  return value as DetailValue<Item>;
}
