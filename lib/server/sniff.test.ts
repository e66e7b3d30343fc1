import { describe, expect, it } from "vitest";
import { looksLikeSvg, sniffMimetype } from "./sniff";

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
      const started = performance.now();
      expect(looksLikeSvg(text)).toBe(false);
      expect(performance.now() - started, text.slice(0, 20)).toBeLessThan(1000);
    }
  });
});
