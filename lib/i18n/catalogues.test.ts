import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";

/*
 * Every catalogue holds the same keys, every key is used by the code, every key the
 * code uses is in the catalogues, and a message takes the same placeholders in every
 * language. The code names keys as full dotted string literals ("auth.login.title"),
 * never built at run time, so reading the sources finds them all.
 */

type Tree = { [key: string]: string | Tree };
const ROOT = path.resolve(__dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib", "i18n"];

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const catalogues = new Map(
  LOCALES.map((locale) => [locale, flatten(JSON.parse(fs.readFileSync(path.join(ROOT, "messages", `${locale}.json`), "utf8")) as Tree)]),
);
const reference = catalogues.get("en-US")!;
const namespaces = [...new Set([...reference.keys()].map((key) => key.split(".")[0]))];

function sourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(ROOT, dir, file)),
  );
}

/** The dotted literals in the sources that name a catalogue namespace first: the keys the code uses. */
function keysInCode(): Set<string> {
  const literal = new RegExp(`["'\`]((?:${namespaces.join("|")})\\.[A-Za-z0-9_.]+)["'\`]`, "g");
  const used = new Set<string>();
  for (const file of sourceFiles()) for (const match of fs.readFileSync(file, "utf8").matchAll(literal)) used.add(match[1]);
  return used;
}

function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe("message catalogues", () => {
  const used = keysInCode();

  it.each(LOCALES)("%s has every key the code uses", (locale) => {
    const missing = [...used].filter((key) => !catalogues.get(locale)!.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)("%s has no key the code does not use", (locale) => {
    const unused = [...catalogues.get(locale)!.keys()].filter((key) => !used.has(key));
    expect(unused).toEqual([]);
  });

  it.each(LOCALES)("%s's messages take the placeholders of en-US's", (locale) => {
    const differing = [...catalogues.get(locale)!]
      .filter(([key, message]) => reference.has(key) && placeholders(message).join() !== placeholders(reference.get(key)!).join())
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it.each(LOCALES)("%s's messages are all readable ICU", (locale) => {
    for (const message of catalogues.get(locale)!.values()) expect(() => parse(message)).not.toThrow();
  });
});
