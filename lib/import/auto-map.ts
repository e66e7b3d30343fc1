import type { ImportField, Mapping } from "./fields";

/**
 * Leading words that say whose value a column holds, not which: "Full name",
 * "Customer email", "Project title". A field whose own name starts with one still
 * matches it exactly first.
 */
const DECORATION = new Set(["full", "customer", "client", "contact", "primary", "main", "project", "your", "the"]);

/** A header's words: accents dropped, lower case, split at punctuation, spaces and camelCase. */
export function headerWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** One key per spelling: "E-mail", "e mail" and "EMail" are all "email". */
const key = (text: string) => headerWords(text).join("");

function undecorated(words: string[]): string {
  let start = 0;
  while (start < words.length - 1 && DECORATION.has(words[start])) start += 1;
  return words.slice(start).join("");
}

type Keys = { own: Set<string>; aliases: Set<string> };

/**
 * How sure a header names a field, strongest first: its label or id; one of the
 * field's aliases ("Phone number", "E-mail address"); the label, id or an alias
 * after leading decoration ("Full name"). Nothing weaker counts: "Phone type" or
 * "Customer number" map to nothing.
 */
const LEVELS: ((words: string[], keys: Keys) => boolean)[] = [
  (words, keys) => keys.own.has(words.join("")),
  (words, keys) => keys.aliases.has(words.join("")),
  (words, keys) => {
    const rest = undecorated(words);
    return rest !== words.join("") && (keys.own.has(rest) || keys.aliases.has(rest));
  },
];

/**
 * Maps the columns whose header names a field, so an exported list maps itself
 * and a file from elsewhere mostly does. Each field and each column is used at most
 * once, the strongest evidence first and, among equals, the first column; a header
 * that names two fields equally well is left to the user.
 */
export function autoMap(fields: readonly ImportField[], columns: readonly string[]): Mapping {
  const keys = new Map<string, Keys>(
    fields.map((field) => [
      field.id,
      { own: new Set([key(field.label), key(field.id)].filter(Boolean)), aliases: new Set((field.aliases ?? []).map(key).filter(Boolean)) },
    ]),
  );
  const headers = columns.map(headerWords);
  const mapping: Mapping = {};
  const used = new Set<number>();
  for (const matches of LEVELS) {
    headers.forEach((words, column) => {
      if (words.length === 0 || used.has(column)) return;
      const named = fields.filter((field) => matches(words, keys.get(field.id)!));
      if (named.length !== 1 || mapping[named[0].id] !== undefined) return;
      mapping[named[0].id] = column;
      used.add(column);
    });
  }
  return mapping;
}
