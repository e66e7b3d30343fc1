/**
 * A small XML writer for the e-invoices: elements as a tree, text escaped, and no empty
 * element ever written (an element without text or children is left out, as Peppol's
 * PEPPOL-EN16931-R008 and good sense ask), so a mapping can name every optional field
 * and let the missing ones fall away.
 */

export type XmlNode = { name: string; attrs: Record<string, string>; text: string | null; children: XmlNode[] };
type Child = XmlNode | null | undefined | false | "";

// Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF): dropped rather than refused.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;", "\r": "&#13;" };

export const escapeXml = (text: string) => text.replace(NOT_XML, "").replace(/[&<>"'\r]/g, (char) => ESCAPES[char]);

/** An element with text; none when the text is missing or blank. */
export function leaf(name: string, value: string | number | null | undefined, attrs: Record<string, string | null | undefined> = {}): XmlNode | null {
  if (value === null || value === undefined) return null;
  const text = String(value).replace(NOT_XML, "").trim();
  if (!text) return null;
  return { name, attrs: definedAttrs(attrs), text, children: [] };
}

/** An element with children; none when it would have none. */
export function node(name: string, children: readonly Child[], attrs: Record<string, string | null | undefined> = {}): XmlNode | null {
  const kept = children.filter((child): child is XmlNode => !!child);
  if (!kept.length) return null;
  return { name, attrs: definedAttrs(attrs), text: null, children: kept };
}

function definedAttrs(attrs: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attrs).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
}

function write(element: XmlNode, indent: string, out: string[]) {
  const attrs = Object.entries(element.attrs)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  if (element.text !== null) {
    out.push(`${indent}<${element.name}${attrs}>${escapeXml(element.text)}</${element.name}>`);
    return;
  }
  out.push(`${indent}<${element.name}${attrs}>`);
  for (const child of element.children) write(child, `${indent}  `, out);
  out.push(`${indent}</${element.name}>`);
}

/** The document, with its XML declaration, indented two spaces a level. */
export function renderXml(root: XmlNode | null): string {
  if (!root) throw new Error("An empty XML document");
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, "", out);
  return `${out.join("\n")}\n`;
}
