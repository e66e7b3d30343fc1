"use client";
import { createContext, useContext } from "react";

type DetailValue<Item> = {
  item: Item;
  /** Puts a fresh server answer in place, e.g. after a save. */
  replace: (item: Item) => void;
};

export const DetailContext = createContext<DetailValue<unknown> | null>(null);

/** The item the surrounding detail layout loaded; tabs render only once it is there. */
export function useDetail<Item>(): DetailValue<Item> {
  const value = useContext(DetailContext);
  if (!value) throw new Error("useDetail is used outside a detail layout");
  return value as DetailValue<Item>;
}
