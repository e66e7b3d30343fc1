import { describe, expect, it } from "vitest";
import { LongRunError, MalformedXmlError, TagScanner, tagAttributes } from "./xml-tags";

const DOCUMENT = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<worksheet xmlns="urn:main" xmlns:x="urn:main"><dimension ref="A1:C3"/>',
  "<!-- a comment with <c r=\"Z9\"/> and a ' quote --><sheetData>",
  '<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><x:c r=\'B1\' note="a > b"><v>1</v></x:c></row>',
  '<row><c r="C2" t="inlineStr"><is><t><![CDATA[<c r="Q7"/>]]> Zoë</t></is></c></row>',
  '<row r="3"/></sheetData></worksheet>',
].join("");

function tags(bytes: Uint8Array, step: number) {
  const seen: string[] = [];
  const scanner = new TagScanner(new Set(["c", "row", "dimension"]), (name, text) => {
    const attributes = tagAttributes(text);
    seen.push(`${name} ${attributes.get("r")?.join() ?? attributes.get("ref")?.join() ?? "-"}`);
  });
  for (let at = 0; at < bytes.length; at += step) scanner.push(bytes.subarray(at, at + step));
  return seen;
}

describe("TagScanner", () => {
  const bytes = new TextEncoder().encode(DOCUMENT);

  it("finds the wanted start tags, skipping comments, CDATA and closing tags", () => {
    expect(tags(bytes, bytes.length)).toEqual(["dimension A1:C3", "row 1", "c A1", "c B1", "row -", "c C2", "row 3"]);
  });

  it("finds the same tags however the document is cut into chunks", () => {
    const whole = tags(bytes, bytes.length);
    for (const step of [1, 2, 3, 5, 7, 8, 9, 10, 64]) expect(tags(bytes, step), `chunks of ${step}`).toEqual(whole);
  });

  it("refuses '<' inside a tag and tags too long to be real", () => {
    const scan = (text: string) => new TagScanner(new Set(["c"]), () => {}).push(new TextEncoder().encode(text));
    expect(() => scan('<c r="A1" x="<c r=\'XFD1\'/>"/>')).toThrow(MalformedXmlError);
    expect(() => scan(`<c r="A1" x="${"y".repeat(5000)}"/>`)).toThrow(MalformedXmlError);
    expect(() => scan(`<v x="${"y".repeat(5000)}"/>`)).not.toThrow();
  });

  it("refuses a stretch without markup longer than allowed, however the chunks fall", () => {
    const scan = (text: string, step: number) => {
      const bytes = new TextEncoder().encode(text);
      const scanner = new TagScanner(new Set(["c"]), () => {}, 12);
      for (let at = 0; at < bytes.length; at += step) scanner.push(bytes.subarray(at, at + step));
    };
    for (const step of [1, 3, 7, 100]) {
      // From one '<' to the next: "c>" and ten spaces are twelve.
      expect(() => scan(`<c>${" ".repeat(10)}<c x="y"/>${"z".repeat(3)}</c>`, step), `chunks of ${step}`).not.toThrow();
      expect(() => scan(`<c>${" ".repeat(11)}</c>`, step), `chunks of ${step}`).toThrow(LongRunError);
      expect(() => scan(`<c x="${"y".repeat(10)}"/>`, step), `chunks of ${step}`).toThrow(LongRunError);
    }
  });

  it("reads attributes by local name, with references resolved", () => {
    const attributes = tagAttributes(` x:r="&#88;FD1" r='B&amp;2' t="s" empty=""`);
    expect(attributes.get("r")).toEqual(["XFD1", "B&2"]);
    expect(attributes.get("t")).toEqual(["s"]);
    expect(attributes.get("empty")).toEqual([""]);
  });

  it("hands over the text after a tag, references resolved and cut at the maximum, however the chunks fall", () => {
    const text = new TextEncoder().encode('<c><v>#N/A</v></c><c><v>a &amp; b</v></c><c><v>0123456789ABC</v></c><c><v/></c><c><v></v></c>');
    for (const step of [1, 2, 3, 7, text.length]) {
      const values: string[] = [];
      const scanner: TagScanner = new TagScanner(new Set(["v"]), (_, tag) => {
        if (!tag.endsWith("/")) scanner.captureText(10, (value) => values.push(value));
      });
      for (let at = 0; at < text.length; at += step) scanner.push(text.subarray(at, at + step));
      expect(values, `chunks of ${step}`).toEqual(["#N/A", "a & b", "0123456789A", ""]);
    }
  });
});
