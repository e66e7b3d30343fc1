import type { ImportField } from "@/lib/import/fields";
import type { ImportNouns } from "@/lib/import/import-summary";
import type { Privilege } from "@/lib/schemas/constants";

/** What a list's More actions → Import needs to know about its entity. */
export type ImportConfig = {
  /** What a row becomes, lower case: customer and customers. */
  nouns: ImportNouns;
  fields: readonly ImportField[];
  /** The multipart endpoint, e.g. /customer/import. */
  path: string;
  /** Needed to import; anyone may when absent. */
  privilege?: Privilege;
  /** Offer updating the item with the same value of this field instead of adding another. */
  matchBy?: { field: string; label: string };
  /** Warn before importing when rows of the file share a value of this field (the form warns of one): the field and its name, "email". */
  repeated?: { field: string; label: string };
  /** The list whose cached pages an import makes stale, e.g. /customer. */
  list: string;
};
