import type { ReactNode } from "react";
import type { z } from "zod";
import type { Option } from "@/components/browse/browse-config";
import type { FullWord } from "@/components/sharing/sharing-levels";
import type { SessionView } from "@/lib/client/use-session";

export type Values = Record<string, unknown>;

export type FieldRenderProps = {
  value: unknown;
  saved: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  /** Every error below this field by its path inside the value ("0.title"), for fields that edit lists. */
  errors?: Record<string, string>;
  /** The item being edited; absent on create forms. */
  itemId?: string;
  /** The whole form, for fields that depend on others or reset them (a project's type resets its status). */
  form?: { values: Values; saved: Values; set: (key: string, value: unknown) => void };
};

/** One input of an entity form; `key` is the API field it edits. */
export type FieldConfig = {
  key: string;
  label: string;
  required?: boolean;
  description?: string;
  /** The value is the id of an item of this type: history shows it as a reference badge. */
  reference?: string;
} & (
  | { kind: "text" | "textarea" | "email"; placeholder?: string }
  | { kind: "select"; options: Option[] }
  | { kind: "image" }
  /** A yes/no setting; the value is a boolean. */
  | { kind: "switch" }
  | { kind: "sharing"; full?: FullWord; excludeSelf?: boolean }
  | { kind: "custom"; render: (props: FieldRenderProps) => ReactNode }
);

/** Rules for forms whose fields depend on each other; both optional. */
export type FormRules = {
  /** The request body from what a save would send (every value on create, the changes on edit) and all values. */
  payload?: (body: Values, values: Values) => Values;
  /** A schema with the checks that need other data (a project's fields need its type); `schema` when absent. */
  schemaFor?: (values: Values) => Promise<z.ZodType>;
};

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
  create?: { title: string; fields: FieldConfig[]; schema: z.ZodType; initial: Values } & FormRules;
  update: {
    fields: FieldConfig[];
    schema: z.ZodType;
    values: (item: Item) => Values;
    /** Who may change the item; others see the form read-only. The server decides either way. */
    editable?: (item: Item, session: SessionView) => boolean;
    /**
     * The server's own answer, for items whose rule the browser cannot see whole
     * (sharing, workflows): it wins over `editable` once loaded, and may replace
     * the read-only note. A hook: it may load what it needs.
     */
    useAccess?: (item: Item) => { editable: boolean; note?: string } | undefined;
    /** The success toast when it is not `{label} "{name}" has been updated` (settings say "Changes have been saved"). */
    toast?: string;
  } & FormRules;
};
