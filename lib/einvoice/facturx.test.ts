import fs from "node:fs";
import path from "node:path";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { invoicePdf, invoicePdfMeta } from "@/lib/documents/invoice-pdf";
import { invoice } from "@/test/invoice-documents";
import { pdfFonts, pdfText } from "@/test/pdf";
import { facturxPdf, type FacturxMeta } from "./facturx";

/** The shared EN 16931 examples: ../shared/einvoice beside the repository, else /work/shared/einvoice, else EINVOICE_VALIDATOR_DIR. */
function einvoiceDir(): string {
  const candidates = [path.resolve(__dirname, "../../../shared/einvoice"), "/work/shared/einvoice", process.env.EINVOICE_VALIDATOR_DIR].filter(
    (dir): dir is string => !!dir,
  );
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "examples", "cii-example1.xml")));
  if (!found) throw new Error(`The EN 16931 examples are missing: looked for examples/cii-example1.xml in ${candidates.join(", ")}`);
  return found;
}

const META: FacturxMeta = { number: "INV-2026-0007", issued: "2026-11-20", title: "Invoice INV-2026-0007 – Heating renewal", language: "en-US", seller: "Kowalski Heating GmbH" };

it("takes its properties from the invoice PDF's", () => {
  // What a caller passes: the invoice PDF's own title, language and author.
  expect(invoicePdfMeta(invoice())).toMatchObject(META);
});

let xml: string;
let source: Uint8Array;
let bytes: Uint8Array;
let pdf: PDFDocument;

beforeAll(async () => {
  xml = fs.readFileSync(path.join(einvoiceDir(), "examples", "cii-example1.xml"), "utf8");
  source = await invoicePdf(invoice());
  bytes = await facturxPdf(source, xml, META);
  pdf = await PDFDocument.load(bytes, { updateMetadata: false });
});

const name = (value: string) => PDFName.of(value);
const streamBytes = (stream: PDFRawStream) => decodePDFRawStream(stream).decode();
const lookupDict = (dict: PDFDict, key: string) => dict.lookup(name(key), PDFDict);

/** A dictionary's entry (an array's item), followed when it is a reference, which must be of `type` (pdf-lib's classes have private constructors, hence the Function type). */
function entry<T>(container: PDFDict | PDFArray, key: string | number, type: Function & { prototype: T }): T {
  const value = container instanceof PDFArray ? container.lookup(key as number) : container.lookup(name(key as string));
  expect(value).toBeInstanceOf(type);
  return value as T;
}

/** A text string's text, written as a literal or a hex string. */
function textOf(value: unknown): string {
  expect(value instanceof PDFString || value instanceof PDFHexString).toBe(true);
  return (value as PDFString | PDFHexString).decodeText();
}

describe("facturxPdf", () => {
  it("embeds the XML as factur-x.xml, listed in the EmbeddedFiles name tree and the catalog's /AF, as an Alternative", () => {
    const catalog = pdf.catalog;
    const names = lookupDict(lookupDict(catalog, "Names"), "EmbeddedFiles").lookup(name("Names"), PDFArray);
    expect(names.size()).toBe(2);
    expect(textOf(names.lookup(0))).toBe("factur-x.xml");
    const specRef = names.get(1);
    expect(specRef).toBeInstanceOf(PDFRef);

    const spec = names.lookup(1, PDFDict);
    expect(spec.get(name("Type"))).toBe(name("Filespec"));
    expect(textOf(spec.lookup(name("F")))).toBe("factur-x.xml");
    expect(textOf(spec.lookup(name("UF")))).toBe("factur-x.xml");
    expect(spec.get(name("AFRelationship"))).toBe(name("Alternative"));

    const file = entry(lookupDict(spec, "EF"), "F", PDFRawStream);
    expect(file.dict.get(name("Type"))).toBe(name("EmbeddedFile"));
    expect(file.dict.get(name("Subtype"))).toBe(name("text/xml"));
    const params = lookupDict(file.dict, "Params");
    expect(params.lookup(name("Size"), PDFNumber).asNumber()).toBe(Buffer.byteLength(xml));
    expect(params.lookup(name("ModDate"), PDFString).decodeDate().toISOString()).toBe("2026-11-20T12:00:00.000Z");
    expect(Buffer.from(streamBytes(file)).equals(Buffer.from(xml, "utf8"))).toBe(true);

    const associated = catalog.lookup(name("AF"), PDFArray);
    expect(associated.size()).toBe(1);
    expect(associated.get(0)).toBe(specRef);
  });

  it("states PDF/A-3b and the Factur-X extension schema in its XMP, as its Info dictionary does", async () => {
    const stream = entry(pdf.catalog, "Metadata", PDFRawStream);
    expect(stream.dict.get(name("Type"))).toBe(name("Metadata"));
    expect(stream.dict.get(name("Subtype"))).toBe(name("XML"));
    // PDF/A: the metadata is not compressed.
    expect(stream.dict.has(name("Filter"))).toBe(false);
    const text = Buffer.from(stream.getContents()).toString("utf8");
    expect(text.startsWith('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>')).toBe(true);
    expect(text.trimEnd().endsWith('<?xpacket end="w"?>')).toBe(true);
    // The extension schema declares the fx namespace and its four properties.
    expect(text).toMatch(/<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#<\/pdfaSchema:namespaceURI>\s*<pdfaSchema:prefix>fx<\/pdfaSchema:prefix>/);
    for (const property of ["DocumentFileName", "DocumentType", "Version", "ConformanceLevel"]) expect(text).toContain(`<pdfaProperty:name>${property}</pdfaProperty:name>`);

    // Read as a reader reads it (PDF.js parses the XMP's RDF).
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const document = await getDocument({ data: bytes.slice(), disableFontFace: true, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
    const { info, metadata } = await document.getMetadata();
    const attachments = (await document.getAttachments()) as Record<string, { filename: string; content: Uint8Array }>;
    await document.destroy();
    expect(metadata).toBeTruthy();
    const xmp = metadata!;
    expect(xmp.get("pdfaid:part")).toBe("3");
    expect(xmp.get("pdfaid:conformance")).toBe("B");
    expect(xmp.get("fx:documenttype")).toBe("INVOICE");
    expect(xmp.get("fx:documentfilename")).toBe("factur-x.xml");
    expect(xmp.get("fx:version")).toBe("1.0");
    expect(xmp.get("fx:conformancelevel")).toBe("EN 16931");
    expect(xmp.get("dc:title")).toBe(META.title);
    expect(xmp.get("dc:creator")).toEqual([META.seller]);
    expect(xmp.get("pdf:producer")).toBe("Craftdesk");
    expect(xmp.get("xmp:creatortool")).toBe("Craftdesk");
    expect(xmp.get("xmp:createdate")).toBe("2026-11-20T12:00:00Z");
    expect(xmp.get("xmp:modifydate")).toBe("2026-11-20T12:00:00Z");

    // The Info dictionary says the same (PDF/A requires them to agree).
    const infoDict = info as Record<string, unknown>;
    expect(infoDict.Title).toBe(META.title);
    expect(infoDict.Author).toBe(META.seller);
    expect(infoDict.Producer).toBe("Craftdesk");
    expect(infoDict.Creator).toBe("Craftdesk");
    expect(infoDict.CreationDate).toBe("D:20261120120000Z");
    expect(infoDict.ModDate).toBe("D:20261120120000Z");
    expect(infoDict.Subject).toBeUndefined();

    // And a reader finds the attachment with the XML's bytes.
    const attachment = Object.values(attachments).find((item) => item.filename === "factur-x.xml");
    expect(attachment && Buffer.from(attachment.content).toString("utf8")).toBe(xml);
  });

  it("has an sRGB output intent, a document ID, embedded fonts and the invoice's text", async () => {
    const intents = pdf.catalog.lookup(name("OutputIntents"), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = intents.lookup(0, PDFDict);
    expect(intent.get(name("Type"))).toBe(name("OutputIntent"));
    expect(intent.get(name("S"))).toBe(name("GTS_PDFA1"));
    expect(intent.lookup(name("OutputConditionIdentifier"), PDFString).decodeText()).toBe("sRGB IEC61966-2.1");
    const profileStream = entry(intent, "DestOutputProfile", PDFRawStream);
    expect(profileStream.dict.lookup(name("N"), PDFNumber).asNumber()).toBe(3);
    const profile = Buffer.from(streamBytes(profileStream));
    // An ICC display profile of RGB to XYZ, version 2, its size as declared.
    expect(profile.readUInt32BE(0)).toBe(profile.length);
    expect(profile.readUInt8(8)).toBe(2);
    expect(profile.toString("ascii", 12, 24)).toBe("mntrRGB XYZ ");
    expect(profile.toString("ascii", 36, 40)).toBe("acsp");
    const tags = Array.from({ length: profile.readUInt32BE(128) }, (_, index) => {
      const at = 132 + 12 * index;
      return { signature: profile.toString("ascii", at, at + 4), offset: profile.readUInt32BE(at + 4), size: profile.readUInt32BE(at + 8) };
    });
    expect(tags.map((tag) => tag.signature).sort()).toEqual(["bTRC", "bXYZ", "cprt", "desc", "gTRC", "gXYZ", "rTRC", "rXYZ", "wtpt"]);
    for (const tag of tags) expect(tag.offset + tag.size).toBeLessThanOrEqual(profile.length);

    // The trailer's ID: two equal 16-byte strings.
    const id = pdf.context.trailerInfo.ID;
    expect(id).toBeInstanceOf(PDFArray);
    const ids = (id as PDFArray).asArray().map((item) => (item as PDFHexString).asString());
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9A-F]{32}$/);
    expect(ids[1]).toBe(ids[0]);

    expect(new TextDecoder().decode(bytes.subarray(0, 8))).toBe("%PDF-1.7");
    const fonts = await pdfFonts(bytes);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) expect(font.embedded).toBe(true);
    expect(await pdfText(bytes)).toContain("Invoice INV-2026-0007");
  });

  it("is the same bytes for the same input, another ID for another XML, and escapes its texts in the XMP", async () => {
    const again = await facturxPdf(source, xml, META);
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    const other = await PDFDocument.load(await facturxPdf(source, xml.replace("</rsm:CrossIndustryInvoice>", "<!-- other --></rsm:CrossIndustryInvoice>"), META));
    expect((other.context.trailerInfo.ID as PDFArray).toString()).not.toBe((pdf.context.trailerInfo.ID as PDFArray).toString());
    // Texts are escaped in the XMP: a reader reads them back as they were.
    const seller = `Smith & Sons <"Builders">`;
    const escaped = await facturxPdf(source, xml, { ...META, seller, title: `Invoice & co` });
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const document = await getDocument({ data: escaped.slice(), disableFontFace: true, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
    const { info, metadata } = await document.getMetadata();
    await document.destroy();
    expect(metadata?.get("dc:creator")).toEqual([seller]);
    expect(metadata?.get("dc:title")).toBe("Invoice & co");
    expect((info as Record<string, unknown>).Author).toBe(seller);

    // Once is enough: a Factur-X is not made again from one.
    await expect(facturxPdf(bytes, xml, META)).rejects.toThrow(/embedded files/);
  });
});
