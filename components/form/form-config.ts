import type { ReactNode } from "react";
import type { z } from "zod";
import type { Option } from "@/components/browse/browse-config";
import type { FullWord } from "@/components/sharing/sharing-levels";

export type Values = Record<string, unknown>;

export type FieldRenderProps = {
  value: unknown;
  saved: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  /** The item being edited; absent on create forms. */
  itemId?: string;
};

/** One input of an entity form; `key` is the API field it edits. */
export type FieldConfig = {
  key: string;
  label: string;
  required?: boolean;
  description?: string;
} & (
  | { kind: "text" | "textarea" | "email"; placeholder?: string }
  | { kind: "select"; options: Option[] }
  | { kind: "sharing"; full?: FullWord; excludeSelf?: boolean }
  | { kind: "custom"; render: (props: FieldRenderProps) => ReactNode }
);

/** Create and edit forms of one entity; schemas come from lib/schemas, the same the server parses with. */
export type FormConfig<Item extends { id: string }> = {
  /** API path and route segment. */
  type: string;
  /** Singular label for the toasts: `Location X has been created`, `Location "X" has been updated`. */
  label: string;
  name: (item: Item) => string;
  /** The list's label, for breadcrumbs. */
  section: string;
  /** Other cached answers a write changes (e.g. the session's switchable locations). */
  alsoInvalidate?: string[];
  create?: { title: string; fields: FieldConfig[]; schema: z.ZodType; initial: Values };
  update: { fields: FieldConfig[]; schema: z.ZodType; values: (item: Item) => Values };
};
