import { createHash } from "node:crypto";
import { AFRelationship, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";
import { srgbIccProfile } from "./srgb";

/**
 * A Factur-X / ZUGFeRD invoice (EN 16931 profile): the invoice's PDF made a PDF/A-3b with
 * its CII XML inside as `factur-x.xml`, as the Factur-X 1.0 specification asks:
 * - the XML as an embedded file (MIME type text/xml, its size and dates), listed in the
 *   EmbeddedFiles name tree and in the catalog's /AF array, with /AFRelationship
 *   /Alternative (the XML is the same invoice in another form);
 * - XMP metadata with the PDF/A identification (part 3, conformance B), the document's
 *   title, author, dates and producer (the same as its Info dictionary, as PDF/A requires),
 *   and the Factur-X extension schema (document type, file name, version, conformance
 *   level) declared under pdfaExtension:schemas;
 * - an sRGB output intent (GTS_PDFA1) with an ICC profile (./srgb.ts);
 * - a document ID in the trailer.
 * Fonts are embedded by lib/documents. Nothing is taken from the clock or chance: dates
 * come from the issue date and the ID from a hash of the content, so the same invoice gives
 * the same bytes.
 */

export const FACTURX_FILE_NAME = "factur-x.xml";
export const FACTURX_CONFORMANCE_LEVEL = "EN 16931";
const FACTURX_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";
const PRODUCER = "Craftdesk";

export type FacturxMeta = {
  /** The invoice's (credit note's) number. */
  number: string;
  /** Its issue date, YYYY-MM-DD: the PDF's and the embedded file's dates. */
  issued: string;
  /** The PDF's title, e.g. "Invoice INV-2026-0007". */
  title: string;
  /** The document's language (BCP 47). */
  language: string;
  /** The seller's name: the PDF's author. */
  seller: string;
};

export async function facturxPdf(pdfBytes: Uint8Array, ciiXml: string, meta: FacturxMeta): Promise<Uint8Array> {
  const xml = new TextEncoder().encode(ciiXml);
  const at = dayInstant(meta.issued);
  const id = createHash("sha256")
    .update(pdfBytes)
    .update("\u0000")
    .update(xml)
    .update("\u0000")
    .update(JSON.stringify([meta.number, meta.issued, meta.title, meta.language, meta.seller]))
    .digest("hex")
    .slice(0, 32)
    .toUpperCase();

  const pdf = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const context = pdf.context;
  const catalog = pdf.catalog;
  // A Factur-X holds exactly one XML: a PDF that already carries files is not made one again.
  if (catalog.has(PDFName.of("AF")) || catalog.lookupMaybe(PDFName.of("Names"), PDFDict)?.has(PDFName.of("EmbeddedFiles")))
    throw new Error("The PDF already has embedded files");

  // The Info dictionary, exactly as the XMP below states it.
  const info = context.trailerInfo.Info ? context.lookup(context.trailerInfo.Info) : undefined;
  if (info instanceof PDFDict) for (const key of ["Subject", "Keywords", "Trapped"]) info.delete(PDFName.of(key));
  pdf.setTitle(meta.title, { showInWindowTitleBar: true });
  pdf.setAuthor(meta.seller);
  pdf.setCreator(PRODUCER);
  pdf.setProducer(PRODUCER);
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  pdf.setLanguage(meta.language);

  await pdf.attach(xml, FACTURX_FILE_NAME, {
    mimeType: "text/xml",
    description: `Factur-X ${meta.number}`.trim(),
    creationDate: at,
    modificationDate: at,
    afRelationship: AFRelationship.Alternative,
  });

  const metadata = context.stream(new TextEncoder().encode(xmp(meta, at, id)), { Type: "Metadata", Subtype: "XML" });
  catalog.set(PDFName.of("Metadata"), context.register(metadata));

  const profile = context.register(context.flateStream(srgbIccProfile(), { N: 3 }));
  catalog.set(
    PDFName.of("OutputIntents"),
    context.obj([
      {
        Type: "OutputIntent",
        S: "GTS_PDFA1",
        OutputConditionIdentifier: PDFString.of("sRGB IEC61966-2.1"),
        RegistryName: PDFString.of("http://www.color.org"),
        Info: PDFString.of("sRGB IEC61966-2.1"),
        DestOutputProfile: profile,
      },
    ]),
  );

  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  return pdf.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** Noon UTC of the day: the same instant wherever it is computed. */
function dayInstant(day: string): Date {
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) throw new Error(`Invalid issue date: ${day}`);
  return at;
}

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char] as string);

/** Seconds precision, UTC, as XMP dates are written (and as the Info dictionary's D: dates state them). */
const xmpDate = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, "Z");

/** An extension schema's property declaration. */
const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;

function xmp(meta: FacturxMeta, at: Date, id: string): string {
  const date = xmpDate(at);
  const uuid = `uuid:${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`.toLowerCase();
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(meta.title)}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${escapeXml(meta.seller)}</rdf:li></rdf:Seq></dc:creator>
      <dc:language><rdf:Bag><rdf:li>${escapeXml(meta.language)}</rdf:li></rdf:Bag></dc:language>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
      <xmp:CreateDate>${date}</xmp:CreateDate>
      <xmp:ModifyDate>${date}</xmp:ModifyDate>
      <xmp:MetadataDate>${date}</xmp:MetadataDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${PRODUCER}</pdf:Producer>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
      <xmpMM:DocumentID>${uuid}</xmpMM:DocumentID>
    </rdf:Description>
    <rdf:Description rdf:about=""
        xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
        xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${property("DocumentFileName", "The name of the embedded XML document")}${property("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER")}${property("Version", "The actual version of the standard applying to the embedded XML document")}${property("ConformanceLevel", "The conformance level of the embedded XML document")}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${FACTURX_CONFORMANCE_LEVEL}</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
