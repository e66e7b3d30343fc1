import { describe, expect, it } from "vitest";
import { looksLikeSvg, sniffMimetype } from "./sniff";
import { cpuMs } from "@/test/cpu-time";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("sniffMimetype", () => {
  it("recognizes SVG after a byte order mark, declaration, comments and a DOCTYPE", () => {
    const svgs = [
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      "<svg>",
      "<svg/>",
      "\uFEFF<svg\n  width='1'/>",
      '  <?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0"?><!-- Generator: Illustrator --> <!-- second --><svg viewBox="0 0 1 1"/>',
      '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg/>',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd" [\n<!ENTITY ns_svg "http://www.w3.org/2000/svg">\n]>\n<svg xmlns="&ns_svg;"/>',
      "<!DOCTYPE svg><!-- after the doctype --><SVG>",
      '<?xml version="1.0"?><?xml-stylesheet href="a.css"?><svg>',
      "<!----><svg>",
    ];
    for (const text of svgs) expect(sniffMimetype(bytes(text)), text).toBe("image/svg+xml");
  });

  it("does not take other text for SVG", () => {
    const texts = [
      "hello",
      "<svgx>",
      "<svg",
      "x<svg>",
      "<!-- unclosed <svg>",
      "<?xml version='1.0'?><html><svg></svg></html>",
      "<!DOCTYPE html><svg>",
      "<!DOCTYPE svg [ unclosed <svg>",
      "<!--><svg>-->",
    ];
    for (const text of texts) expect(sniffMimetype(bytes(text)), text).toBe("text/plain");
  });

  it("still tells binary formats by their signature", () => {
    expect(sniffMimetype(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffMimetype(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffMimetype(bytes("%PDF-1.7"))).toBe("application/pdf");
    expect(sniffMimetype(Uint8Array.from([0, 1, 2, 0xff]))).toBe("application/octet-stream");
  });

  it("tells videos and audio by their containers", () => {
    const ftyp = (brand: string) => Uint8Array.from([0, 0, 0, 0x18, ...bytes(`ftyp${brand}`), 0, 0, 0, 0]);
    expect(sniffMimetype(ftyp("isom"))).toBe("video/mp4");
    expect(sniffMimetype(ftyp("qt  "))).toBe("video/quicktime");
    expect(sniffMimetype(ftyp("3gp5"))).toBe("video/3gpp");
    expect(sniffMimetype(ftyp("heic"))).toBe("image/heic");
    expect(sniffMimetype(ftyp("M4A "))).toBe("audio/mp4");
    expect(sniffMimetype(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe("video/webm");
    expect(sniffMimetype(bytes("RIFF\0\0\0\0AVI LIST"))).toBe("video/x-msvideo");
    expect(sniffMimetype(bytes("ID3\u0004\0"))).toBe("audio/mpeg");
  });

  it("lets the name tell documents of one container apart, and nothing else", () => {
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]);
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    expect(sniffMimetype(zip, "Quote.DOCX")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(sniffMimetype(zip, "prices.xlsx")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(sniffMimetype(zip, "photos.zip")).toBe("application/zip");
    expect(sniffMimetype(ole, "old.doc")).toBe("application/msword");
    expect(sniffMimetype(ole, "thing.msi")).toBe("application/x-ole-storage");
    expect(sniffMimetype(bytes("name,phone\nAnn,0113"), "list.csv")).toBe("text/csv");
    // A name never makes text into HTML or bytes into an image.
    expect(sniffMimetype(bytes("<html><script>x</script>"), "page.html")).toBe("text/plain");
    expect(sniffMimetype(zip, "logo.png")).toBe("application/zip");
  });

  // A backtracking scan takes seconds to forever on these; the bound is loose so a busy machine cannot fail it.
  it("scans hostile heads in linear time", () => {
    const hostile = [
      "<!---->".repeat(29) + "x",
      "<!---->".repeat(580) + "x",
      "<!--".repeat(1000),
      "<?".repeat(2000),
      " ".repeat(4000) + "x",
      "<!DOCTYPE svg [" + "]".repeat(4000),
      "<!-- -- -->".repeat(370) + "<svgx",
    ];
    for (const text of hostile) {
      const started = cpuMs();
      expect(looksLikeSvg(text)).toBe(false);
      expect(cpuMs() - started, text.slice(0, 20)).toBeLessThan(1000);
    }
  });
});
