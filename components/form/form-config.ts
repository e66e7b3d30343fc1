import type { Privilege } from "@/lib/schemas/constants";
import type { ReactNode } from "react";
import type { z } from "zod";
import type { Option } from "@/components/browse/browse-config";
import type { FullWord } from "@/components/sharing/sharing-levels";
import type { LazyModule } from "@/lib/client/lazy-component";
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
  /** The form is read-only (only a field that `readsItself` is drawn enabled, and must lock its editing). */
  readOnly?: boolean;
  /** The whole form, for fields that depend on others or reset them (a project's type resets its status). */
  form?: {
    values: Values;
    saved: Values;
    set: (key: string, value: unknown) => void;
    /** Keeps the form busy (Save waiting) while the field completes its value. */
    track: <T>(work: () => Promise<T>) => Promise<T>;
  };
};

type FieldBase<K extends string> = {
  /** The API field it edits. */
  key: K;
  label: string;
  /** The label where it depends on the other values (a customer's name by its type); `label` stays its name in history. */
  labelFor?: (values: Values) => string;
  required?: boolean;
  description?: string;
  /** A heading above the field, starting a part of a long form (a business's Address, Bank account). */
  section?: string;
  /** The value is the id of an item of this type: history shows it as a reference badge. */
  reference?: string;
  /** A note below a text input about its value that does not stop a save (duplicate-warning.tsx). */
  useWarning?: FieldWarning;
};

/** A hook: what to say about a field's value, or nothing. */
export type FieldWarning = (value: unknown, context: { itemId?: string }) => ReactNode;

/** `tel`: a phone number, typed on a phone's number pad. */
type TextKind = { kind: "text" | "textarea" | "email" | "tel"; placeholder?: string };
/**
 * `clearable`: the value may be none (null); `searchable`: long lists are filtered by typing;
 * `optionsFor`: what the saved value may change to, when not every option (a removed conversation cannot be closed).
 */
type SelectKind = {
  kind: "select";
  options: Option[];
  optionsFor?: (saved: unknown) => Option[];
  searchable?: boolean;
  clearable?: boolean;
  /** What an empty (cleared) choice means, shown in its place. */
  placeholder?: string;
};
type ImageKind = { kind: "image" };
/** A yes/no setting; the value is a boolean. */
type SwitchKind = { kind: "switch" };
type SharingKind = { kind: "sharing"; full?: FullWord; excludeSelf?: boolean };
/**
 * `readsItself`: on a read-only form the field is not disabled with the others; it keeps
 * its controls for looking (an editor's tabs) and locks its editing itself, told by `readOnly`.
 */
type CustomKind = { kind: "custom"; render: (props: FieldRenderProps) => ReactNode; readsItself?: boolean };

/** The kinds of input that can hold a value of type T; any kind when T is not known. */
type KindFor<T> = unknown extends T
  ? TextKind | SelectKind | ImageKind | SwitchKind | SharingKind | CustomKind
  :
      | (NonNullable<T> extends string ? TextKind | SelectKind | ImageKind : never)
      | (NonNullable<T> extends boolean ? SwitchKind : never)
      | (NonNullable<T> extends { default: unknown } ? SharingKind : never)
      | CustomKind;

/**
 * One input of an entity form. Over a form's values `V` (the input of its schema),
 * `key` is one of them and `kind` one that can hold that key's value.
 */
export type FieldConfig<V extends Values = Values> = { [K in keyof V & string]-?: FieldBase<K> & KindFor<V[K]> }[keyof V & string];

/** The input a form holds before its schema checks it: a choice not made yet is "" (a project type's icon). */
type Unchecked<T extends Values> = { [K in keyof T]: T[K] | (NonNullable<T[K]> extends string ? "" : never) };

/** What a form over schema S edits: the schema's input, not yet checked. */
export type FormValues<S extends z.ZodType> = z.input<S> extends Values ? Unchecked<z.input<S>> : Values;

/** Rules for forms whose fields depend on each other; both optional. Methods, so a form's own values type fits where any values are taken. */
export type FormRules<V extends Values = Values> = {
  /** The request body from what a save would send (every value on create, the changes on edit) and all values. */
  payload?(body: Partial<V>, values: V): Values;
  /**
   * A schema with the checks that need other data (a project's fields need its type,
   * a customer's phone the organization's country); `schema` when absent.
   */
  schemaFor?(values: V, session: SessionView | undefined): Promise<z.ZodType>;
};

/**
 * An entity's schema from lib/schemas, fetched when a form is first checked: zod and
 * the libraries a schema checks with (re2js, the phone number library) are no part
 * of a screen's first load (ARCHITECTURE.md §8).
 */
export type SchemaLoader<S extends z.ZodType> = () => Promise<S>;

/**
 * Create and edit forms of one entity; schemas come from lib/schemas, the same the
 * server parses with. Given the schemas' types (`C`, `U`), the fields' keys and the
 * initial values are checked against what those schemas take; `C` is `never` for
 * an entity without a create form.
 */
export type FormConfig<Item extends { id: string }, C extends z.ZodType = z.ZodType, U extends z.ZodType = z.ZodType> = {
  /** API path and route segment. */
  type: string;
  /** Singular label for the toasts: `Location X has been created`, `Location "X" has been updated`. */
  label: string;
  name: (item: Item) => string;
  /** The list's label, for breadcrumbs. */
  section: string;
  /** Who may create one (components/entities.ts); every active member when absent. */
  createPrivilege?: Privilege;
  /** The create form's field that `?name=` in the address fills in (Quick action's New … with typed text). */
  nameField?: string;
  /** Other cached answers a write changes (e.g. the session's switchable locations). */
  alsoInvalidate?: string[];
  /**
   * Code the form's values and warnings need (the customer form reads and shows phone
   * numbers), fetched with the form rather than with its screen; the form waits for it.
   */
  load?: LazyModule<unknown>;
  create?: {
    title: string;
    fields: FieldConfig<FormValues<C>>[];
    schema: SchemaLoader<C>;
    initial: FormValues<C>;
    /** More fields than `nameField` the address may fill (`?email=…`): a create started from another screen with what it knows. */
    fromAddress?: (keyof FormValues<C> & string)[];
    /** What follows a create started from another screen (the address says which), and where to go then; the new item's page otherwise. */
    then?: (item: Item, address: URLSearchParams) => Promise<string | undefined>;
    /** What creating one does beyond storing it, said under the title (a member is emailed an invitation). */
    intro?: string;
    /** The success toast's text under `{label} X has been created`. */
    createdNote?: (item: Item) => string;
  } & FormRules<FormValues<C>>;
  update: {
    fields: FieldConfig<FormValues<U>>[];
    schema: SchemaLoader<U>;
    /** The item as the form edits it; the session, once loaded, for values shown its way (phone numbers in the organization's country). */
    values: (item: Item, session?: SessionView) => FormValues<U>;
    /**
     * Who may change the item by privilege; others see the form read-only, as do
     * sessions whose location may only view it (the detail's `level`). The server decides either way.
     */
    editable?: (item: Item, session: SessionView) => boolean;
    /**
     * The server's own answer, for items whose rule the browser cannot see whole
     * (sharing, workflows): it wins over `editable` once loaded, and may replace
     * the read-only note. A hook: it may load what it needs.
     */
    useAccess?: (item: Item) => { editable: boolean; note?: string } | undefined;
    /** The form's widest, in px, when its fields need more than the usual column (a quote's lines). */
    width?: number;
    /** The PATCH answers less than the item (a conversation answers its reference): the item is loaded again after a save. */
    reload?: boolean;
    /** The success toast when it is not `{label} "{name}" has been updated` (settings say "Changes have been saved"). */
    toast?: string;
  } & FormRules<FormValues<U>>;
};
