/**
 * zod's issues as catalogue keys, for the server (lib/server/validation.ts) and the
 * browser (lib/client/field-errors.ts) alike: `issueKey` names the message of an
 * issue a schema did not word itself (lib/schemas/z.ts), `issueMessage` gives the
 * key an issue ended with and the values for its placeholders. No server imports.
 */
import type { core } from "zod";

export type MessageValues = Record<string, string | number>;
export type IssueMessage = { key: string; values: MessageValues };

type Issue = core.$ZodRawIssue | core.$ZodIssue;

const FORMAT_KEYS: Record<string, string> = {
  email: "validation.email",
  uuid: "validation.id",
  guid: "validation.id",
  url: "validation.url",
  datetime: "validation.datetime",
  date: "validation.date",
  time: "validation.time",
  regex: "validation.format",
  starts_with: "validation.format",
  ends_with: "validation.format",
  includes: "validation.format",
};

/** The catalogue key of an issue, by its code and, for sizes, by what was measured. */
export function issueKey(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "validation.required";
      if (issue.input === null) return "validation.notEmpty";
      return "validation.invalidType";
    case "too_small":
      if (issue.origin === "string") return issue.exact ? "validation.exactLength" : "validation.tooShort";
      if (issue.origin === "array" || issue.origin === "set") return "validation.tooFew";
      if (issue.origin === "date") return "validation.dateMin";
      return issue.inclusive === false ? "validation.greaterThan" : "validation.min";
    case "too_big":
      if (issue.origin === "string") return issue.exact ? "validation.exactLength" : "validation.tooLong";
      if (issue.origin === "array" || issue.origin === "set") return "validation.tooMany";
      if (issue.origin === "date") return "validation.dateMax";
      return issue.inclusive === false ? "validation.lessThan" : "validation.max";
    case "invalid_format":
      return FORMAT_KEYS[issue.format] ?? "validation.format";
    case "not_multiple_of":
      return "validation.multipleOf";
    case "unrecognized_keys":
      return "validation.unknownFields";
    case "invalid_value":
      return issue.values.length === 1 ? "validation.exactly" : "validation.oneOf";
    default:
      // invalid_union, invalid_key, invalid_element, custom
      return "validation.invalid";
  }
}

const text = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : typeof value === "bigint" ? value.toString() : String(value);

/**
 * The values an issue's message may name: sizes as written (no grouping: "5000"),
 * lists joined with commas, and a refinement's own `params`.
 */
export function issueValues(issue: Issue): MessageValues {
  const values: MessageValues = {};
  const raw = issue as unknown as Record<string, unknown>;
  // The parameter a query or body key names, as its messages write it: "created_since" is "Created since".
  const name = issue.path?.find((part): part is string => typeof part === "string");
  if (name) values.param = name.charAt(0).toUpperCase() + name.slice(1).replaceAll("_", " ");
  if ("minimum" in raw) values.minimum = text(raw.minimum);
  if ("maximum" in raw) values.maximum = text(raw.maximum);
  if ("divisor" in raw) values.divisor = text(raw.divisor);
  if (raw.exact) values.length = text(raw.minimum ?? raw.maximum);
  if (issue.code === "invalid_type") values.expected = issue.expected;
  if (issue.code === "invalid_format") values.format = issue.format;
  if (issue.code === "invalid_value") {
    values.options = issue.values.map(text).join(", ");
    values.expected = text(issue.values[0]);
  }
  if (issue.code === "unrecognized_keys") {
    values.keys = issue.keys.join(", ");
    values.count = issue.keys.length;
  }
  if (issue.code === "custom" && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) {
      if (typeof value === "string" || typeof value === "number") values[name] = value;
    }
  }
  return values;
}

/** The key a finished issue carries (a schema's own `error`, else `issueKey`'s) and its values. */
export function issueMessage(issue: core.$ZodIssue): IssueMessage {
  return { key: issue.message, values: issueValues(issue) };
}
