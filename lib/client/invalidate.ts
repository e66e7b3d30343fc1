"use client";
import { mutate } from "swr";

/** After a write: refetch every cached GET whose key starts with one of the given paths. */
export function invalidate(...paths: string[]) {
  return mutate((key) =>
    typeof key === "string" && paths.some((path) => key === path || key.startsWith(`${path}/`) || key.startsWith(`${path}?`)),
  );
}
