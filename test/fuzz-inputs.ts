/**
 * Hostile request parts for the API fuzz suite: odd strings and numbers, oversized
 * and deeply nested JSON, prototype keys, odd query strings, headers and multipart forms.
 *
 * Large values are kept out of the generated descriptions as `RAW` markers and
 * only expanded when the request is sent, so a failing case prints in a few lines.
 */
import fc from "fast-check";

const HUGE = 100_000;
const DEEP = 10_000;
const WIDE = 10_000;

/** JSON texts that a JSON value cannot hold or that would flood a printed counterexample. */
export const RAW: Record<string, () => string> = {
  huge_ascii: () => JSON.stringify("a".repeat(HUGE)),
  huge_emoji: () => JSON.stringify("😀".repeat(HUGE / 2)),
  huge_nul: () => JSON.stringify("\u0000".repeat(HUGE)),
  huge_surrogates: () => JSON.stringify("\ud800".repeat(HUGE)),
  huge_rtl: () => JSON.stringify("\u202e\u05d0".repeat(HUGE / 2)),
  deep_array: () => "[".repeat(DEEP) + "]".repeat(DEEP),
  deep_object: () => '{"a":'.repeat(DEEP) + "1" + "}".repeat(DEEP),
  deep_mixed: () => '[{"a":'.repeat(DEEP / 2) + "null" + "}]".repeat(DEEP / 2),
  wide_object: () => JSON.stringify(Object.fromEntries(Array.from({ length: WIDE }, (_, i) => [`k${i}`, i]))),
  wide_names: () => JSON.stringify(Object.fromEntries(Array.from({ length: WIDE }, (_, i) => [`name${i}`, "x"]))),
  huge_array: () => JSON.stringify(Array.from({ length: HUGE }, (_, i) => i)),
  huge_string_array: () => JSON.stringify(Array.from({ length: HUGE / 10 }, () => "active")),
  huge_uuid_array: () => JSON.stringify(Array.from({ length: HUGE / 10 }, () => "00000000-0000-4000-8000-000000000000")),
  inf: () => "1e999",
  neg_inf: () => "-1e999",
  tiny: () => "1e-999",
  neg_zero: () => "-0",
  big_int: () => "123456789012345678901234567890",
  big_exp: () => "1E400",
  proto: () => '{"__proto__":{"polluted":true,"admin":true}}',
  constructor_proto: () => '{"constructor":{"prototype":{"polluted":true}}}',
};
export type RawKey = keyof typeof RAW;
const RAW_KEYS = Object.keys(RAW) as RawKey[];

const MARK = "\u0001RAW:";
/** A value that becomes one of the RAW texts when the body is serialized. */
export const rawValue = fc.constantFrom(...RAW_KEYS).map((key) => `${MARK}${key}`);

/** JSON.stringify, with RAW markers replaced by their texts. */
export function serialize(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001RAW:([a-z_]+)"/g, (_, key: string) => RAW[key]());
}

/** Strings that have broken parsers, validators, SQL and encodings elsewhere. */
const SPECIAL_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "nul\u0000inside",
  "\ud800",
  "\udfff",
  "lone \ud83d surrogate",
  "\u202eevil.exe",
  "שלום עולם",
  "مرحبا",
  "😀👨‍👩‍👧‍👦🏳️‍🌈",
  "ﬀ",
  "İ",
  "ß",
  "\u00a0",
  "\ufeffbom",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "0",
  "-0",
  "1e999",
  "0x10",
  "1.5",
  "99999999999999999999",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "../../../etc/passwd",
  "..\\..\\windows",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "'; drop table customer; --",
  "%",
  "_",
  "\\",
  "%00",
  "a%2Fb",
  "=cmd|' /C calc'!A0",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-4000-8000-000000000000",
  "00000000-0000-4000-8000-00000000000",
  "{00000000-0000-4000-8000-000000000000}",
  "self",
  "full",
  "admin",
  "active",
  "removed",
  "name:asc",
  "created:desc",
  "#0090FF",
  "#GGGGGG",
  "a@b",
  "owner@example.test",
  "@example.test",
  "x@" + "a".repeat(300) + ".test",
  "(a+)+$",
  "(?<=a)b",
  "[",
];

/** The few that most often reach past validation into the database or the parsers. */
const SHARP_STRINGS = [
  "\u0000",
  "nul\u0000inside",
  "\u0000\u0000",
  "\ud800",
  "lone \udc00 surrogate",
  "\u202e\u05d0",
  "2147483648",
  "-2147483649",
  "9223372036854775808",
  "99999999999999999999",
  "1e308",
  "NaN",
  "-1",
  "0",
  "__proto__",
];

export const weirdString = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...SHARP_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("a", "é", "😀", "\u0000", "\ud800", "\u202e", " ").map((c) => c.repeat(300)) },
  { weight: 1, arbitrary: fc.uuid() },
);

export const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 2, 3, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 63, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -(2 ** 63), 1e308, 5e-324, 1.5, 0.1),
);

/** Any value a JSON field might be given instead of the right one. */
export const weirdValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: "small" },
    { weight: 5, arbitrary: weirdString },
    { weight: 3, arbitrary: weirdNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: rawValue },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(weirdKeyOf(), tie("value"), { maxKeys: 4 }) },
  ),
})).value;

function weirdKeyOf() {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "toString", "", "\u0000", "\ud800", "a.b", "0", "-1", "id", "name", "status") },
  );
}
export const weirdKey = weirdKeyOf();

/** Sets `value` at one path of a copy of `target`, creating nothing that was not there. */
function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(target)) return target.map((item, index) => (index === head ? setAt(item, rest, value) : item));
  if (target && typeof target === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(target)) copy[key] = key === head ? setAt(item, rest, value) : item;
    return copy;
  }
  return target;
}

function getAt(target: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), target);
}

const change = (paths: number): fc.Arbitrary<Change> =>
  fc.record({
    index: fc.nat({ max: paths - 1 }),
    how: fc.constantFrom<Change["how"][]>("replace", "append", "append", "prefix"),
    sharp: fc.constantFrom(...SHARP_STRINGS),
    number: weirdNumber,
    value: weirdValue,
  });

type Change = { index: number; how: "replace" | "append" | "prefix"; sharp: string; number: number; value: unknown };

/** Mostly one change, so the rest of the body stays valid and the change reaches the service. */
function changes(paths: number): fc.Arbitrary<Change[]> {
  if (paths === 0) return fc.constant([]);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Change[]>([]) },
    { weight: 4, arbitrary: change(paths).map((one): Change[] => [one]) },
    { weight: 1, arbitrary: fc.array(change(paths), { minLength: 2, maxLength: 3 }) },
  );
}

function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const here = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value && typeof value === "object") return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return here;
}

/**
 * A nearly valid body: some of the template's keys, up to three values anywhere in
 * it replaced by hostile ones, and sometimes unknown or prototype keys added.
 */
export function mutated(template: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(template);
  const paths = pathsOf(template);
  return fc
    .record({
      keep: fc.oneof({ weight: 4, arbitrary: fc.constant(keys) }, { weight: 1, arbitrary: fc.subarray(keys, { minLength: Math.min(1, keys.length) }) }),
      changes: changes(paths.length),
      extra: fc.oneof(
        { weight: 5, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.dictionary(weirdKey, weirdValue, { minKeys: 1, maxKeys: 2 }) },
      ),
    })
    .map(({ keep, changes, extra }) => {
      let body: unknown = template;
      for (const { index, how, sharp, number, value } of changes) {
        const original = getAt(body, paths[index]);
        // Text keeps its valid part and gains a sharp one, so it gets past the schema more often.
        const next =
          how === "replace"
            ? value
            : typeof original === "string"
              ? how === "append" ? `${original}${sharp}` : `${sharp}${original}`
              : typeof original === "number"
                ? number
                : value;
        body = setAt(body, paths[index], next);
      }
      const kept = Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([key]) => keep.includes(key)));
      // Keys like __proto__ must become own properties, as JSON.parse would make them.
      return extra ? { ...kept, ...JSON.parse(JSON.stringify(extra)) } : kept;
    });
}

/** What a request body is, as a printable description. */
export type BodySpec =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "text"; text: string }
  | { kind: "form"; parts: FormPart[] };

export type FormPart =
  | { name: string; text: string }
  | { name: string; file: FileKind; filename: string; type: string };

export const FILE_KINDS = ["csv", "csv_weird", "png", "bytes", "empty", "zip_junk", "xlsx_junk", "json", "big_csv"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);

/** The bytes of a generated file part; `seed` varies the content deterministically. */
export function fileBytes(kind: FileKind, seed: number): Uint8Array {
  const text = (value: string) => new TextEncoder().encode(value);
  switch (kind) {
    case "csv": {
      // A valid row, then one with a hostile cell in a column chosen by the seed.
      const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
      const odd = [...SHARP_STRINGS, ...SPECIAL_STRINGS][seed % (SHARP_STRINGS.length + SPECIAL_STRINGS.length)];
      const second = [`Bob ${seed}`, "", "organization", "Job", "Boiler service", "1=AB1234", "1"];
      second[seed % second.length] = odd;
      return text(
        "name,email,type,title,project type,fields,status\r\n" +
          `Ann ${seed},ann${seed}@example.test,individual,Job ${seed},Boiler service,1=AB1234,Requested\r\n` +
          second.map(quote).join(",") +
          "\r\n",
      );
    }
    case "csv_weird":
      return text(`"name\u0000",\ud800,"=cmd|' /C calc'!A0"\n"unterminated,${"x,".repeat(seed % 2000)}\n\u202e,😀\n`);
    case "png":
      return PNG;
    case "bytes":
      return Uint8Array.from({ length: 64 + (seed % 512) }, (_, i) => (i * 31 + seed) & 0xff);
    case "empty":
      return new Uint8Array();
    case "zip_junk":
      return Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...Array.from({ length: 200 }, (_, i) => (i * seed) & 0xff)]);
    case "xlsx_junk":
      return Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    case "json":
      return text(RAW.deep_object());
    case "big_csv":
      return text("name\r\n" + Array.from({ length: 3000 }, (_, i) => `Row ${i} ${"é".repeat(seed % 50)}`).join("\r\n"));
  }
}

const formText = fc.oneof(
  weirdString,
  fc.constantFrom("true", "false", '{"name":0}', '{"name":0,"email":1}', '{"title":3,"type":2}', '{"name":-1}', '{"name":1.5}', '{"__proto__":0}', '{"name":999999}', "{"),
  fc.dictionary(weirdKey, weirdValue, { maxKeys: 3 }).map((value) => JSON.stringify(value)),
);

export const formParts: fc.Arbitrary<FormPart[]> = fc.array(
  fc.oneof(
    fc.record({
      name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom("file", "mappings", "skipInvalid", "dryRun", "matchBy") }, { weight: 1, arbitrary: weirdKey }),
      text: formText,
    }),
    fc.record({
      name: fc.oneof({ weight: 4, arbitrary: fc.constant("file") }, { weight: 1, arbitrary: weirdKey }),
      file: fc.constantFrom(...FILE_KINDS),
      filename: fc.oneof(fc.constantFrom("import.csv", "import.xlsx", "logo.png", "a.CSV", "", ".csv", "x.txt", "../../evil.csv", "\u202etxt.csv", "nul\u0000.csv"), weirdString),
      type: fc.constantFrom("", "text/csv", "image/png", "application/octet-stream", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "text/html"),
    }),
  ),
  { maxLength: 6 },
);

/**
 * A nearly valid form: the template's parts, each kept, dropped or swapped for a
 * random part, and sometimes more random parts after them.
 */
export function mutatedForm(template: FormPart[]): fc.Arbitrary<FormPart[]> {
  const part = formParts.filter((parts) => parts.length > 0).map((parts) => parts[0]);
  const choice = (original: FormPart): fc.Arbitrary<FormPart | null> => {
    const changed: fc.Arbitrary<FormPart> =
      "text" in original
        ? formText.map((text): FormPart => ({ name: original.name, text }))
        : fc.constantFrom(...FILE_KINDS).map((file): FormPart => ({ ...original, file }));
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<FormPart | null>(original) },
      { weight: 1, arbitrary: fc.constant<FormPart | null>(null) },
      { weight: 1, arbitrary: part as fc.Arbitrary<FormPart | null> },
      { weight: 1, arbitrary: changed as fc.Arbitrary<FormPart | null> },
    );
  };
  return fc
    .tuple(fc.tuple(...template.map(choice)), fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.array(part, { minLength: 1, maxLength: 2 }) }))
    .map(([parts, extra]) => [...parts.filter((p): p is FormPart => p !== null), ...(extra ?? [])]);
}

/** Multipart form built from a description. */
export function buildForm(parts: FormPart[], seed: number): FormData {
  const form = new FormData();
  for (const part of parts) {
    if ("text" in part) form.append(part.name, part.text);
    else form.append(part.name, new File([new Uint8Array(fileBytes(part.file, seed))], part.filename, { type: part.type }));
  }
  return form;
}

/** Bodies with no template behind them. */
export const genericBody: fc.Arbitrary<BodySpec> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<BodySpec>({ kind: "none" }) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value): BodySpec => ({ kind: "json", value })) },
  { weight: 3, arbitrary: weirdValue.map((value): BodySpec => ({ kind: "json", value })) },
  { weight: 3, arbitrary: rawValue.map((value): BodySpec => ({ kind: "json", value })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.constantFrom("", "{", "}", "[1,", '{"a":1,}', "nul", "\u0000", "'a'", '{"a":NaN}', "\ufeff{}", '{"a":"\\ud800"}', '{"a":1}{"b":2}'), weirdString)
      .map((text): BodySpec => ({ kind: "text", text })),
  },
);

/** Query string pairs: list parameters with odd values, unknown keys, repeated keys. */
export const queryPairs: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("search", "status", "status[]", "sort", "skip", "limit", "page", "sharing", "id", "id[]", "type", "owner", "customer", "role", "dryRun") },
      { weight: 1, arbitrary: weirdKey },
    ),
    fc.oneof({ weight: 8, arbitrary: weirdString }, { weight: 2, arbitrary: weirdNumber.map(String) }, { weight: 1, arbitrary: fc.constant("q".repeat(HUGE)) }),
  ),
  { maxLength: 5 },
);

/** How the request is dressed: mostly right, sometimes without or with a foreign Origin or an odd Content-Type. */
export type HeaderSpec = "normal" | "no origin" | "foreign origin" | "text/plain" | "json utf-16" | "multipart without boundary" | "form-urlencoded";
export const headerSpec: fc.Arbitrary<HeaderSpec> = fc.oneof(
  { weight: 20, arbitrary: fc.constant<HeaderSpec>("normal") },
  { weight: 1, arbitrary: fc.constantFrom<HeaderSpec>("no origin", "foreign origin", "text/plain", "json utf-16", "multipart without boundary", "form-urlencoded") },
);

export const HEADERS: Record<HeaderSpec, { origin?: string | null; headers?: Record<string, string> }> = {
  normal: {},
  "no origin": { origin: null },
  "foreign origin": { origin: "https://evil.example" },
  "text/plain": { headers: { "content-type": "text/plain" } },
  "json utf-16": { headers: { "content-type": "application/json; charset=utf-16" } },
  "multipart without boundary": { headers: { "content-type": "multipart/form-data" } },
  "form-urlencoded": { headers: { "content-type": "application/x-www-form-urlencoded" } },
};
