"use client";
import { lazyComponent } from "@/lib/client/lazy-component";
import type { FilterConfig } from "./browse-config";

// The date picker loads when the filters open, not with every list.
const CreatedSinceInput = lazyComponent(() => import("./created-since-input").then((module) => module.CreatedSinceInput));

/** Rows created on or after a day (the list's `created_since`). */
export const createdSinceFilter: FilterConfig = {
  key: "created_since",
  label: "browse.filter.createdSince",
  kind: "custom",
  render: (props) => <CreatedSinceInput {...props} />,
};
