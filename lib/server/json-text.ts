import "server-only";
import crypto from "node:crypto";

/**
 * JSON the database already wrote (a list page's items), carried to the response
 * as it is: parsing it only to print it again is most of a list request's work.
 */
export class JsonText<Shape = unknown> {
  declare readonly shape?: Shape;
  constructor(readonly text: string) {}
}

/** JSON.stringify, with every JsonText inside `value` put in as its text. */
export function stringifyJson(value: unknown): string {
  const texts: string[] = [];
  // Unguessable, so no string of the value itself can stand for a JsonText; made only when one is met.
  let mark = "";
  const outline = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof JsonText)) return item;
    mark ||= `\u0000json-text:${crypto.randomUUID()}:`;
    return `${mark}${texts.push(item.text) - 1}`;
  });
  if (texts.length === 0) return outline;
  const printedMark = JSON.stringify(mark).slice(0, -1);
  return texts.reduce((json, text, index) => json.replace(`${printedMark}${index}"`, text), outline);
}
