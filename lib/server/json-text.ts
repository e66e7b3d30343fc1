import "server-only";
import crypto from "node:crypto";

/**
 * JSON the database already wrote (a list page's items), carried to the response
 * as it is: parsing it only to print it again is most of a list request's work.
 * `JsonText.array` holds a page's items, one text each, joined only as they are
 * written into the response's bytes.
 */
export class JsonText<Shape = unknown> {
  declare readonly shape?: Shape;
  private constructor(private readonly parts: readonly string[], private readonly isArray: boolean) {}

  /** One JSON value's text. */
  static of<Shape>(text: string): JsonText<Shape> {
    return new JsonText<Shape>([text], false);
  }

  /** A JSON array of the given items' texts. */
  static array<Shape extends unknown[]>(items: readonly string[]): JsonText<Shape> {
    return new JsonText<Shape>(items, true);
  }

  /** The pieces of the text in order (brackets and commas included). */
  pieces(): string[] {
    if (!this.isArray) return [...this.parts];
    const out: string[] = ["["];
    this.parts.forEach((part, index) => out.push(index === 0 ? part : `,${part}`));
    out.push("]");
    return out;
  }

  get text(): string {
    return this.pieces().join("");
  }
}

/**
 * The pieces of JSON.stringify(value) in order, each JsonText's pieces standing
 * where it is: the outline is printed with a mark in place of each, then cut at
 * the marks, so the texts are never searched or copied into a larger string.
 */
function jsonPieces(value: unknown): string[] {
  const texts: JsonText[] = [];
  // Unguessable, so no string of the value itself can stand for a JsonText; made only when one is met.
  let mark = "";
  const outline = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof JsonText)) return item;
    mark ||= `\u0000json-text:${crypto.randomUUID()}:`;
    return `${mark}${texts.push(item) - 1}`;
  });
  if (texts.length === 0) return [outline];
  const printedMark = JSON.stringify(mark).slice(0, -1);
  const pieces: string[] = [];
  let at = 0;
  texts.forEach((text, index) => {
    const placeholder = `${printedMark}${index}"`;
    const found = outline.indexOf(placeholder, at);
    pieces.push(outline.slice(at, found), ...text.pieces());
    at = found + placeholder.length;
  });
  pieces.push(outline.slice(at));
  return pieces;
}

/** JSON.stringify, with every JsonText inside `value` put in as its text. */
export function stringifyJson(value: unknown): string {
  return jsonPieces(value).join("");
}

/**
 * The same JSON as UTF-8 bytes for a response body: each piece is written once into
 * one buffer, so a large page is neither joined into a string nor scanned again by
 * the Response (a string body is checked for lone surrogates and encoded once more).
 */
export function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  const pieces = jsonPieces(value);
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece, "utf8");
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at, "utf8");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, at);
}
