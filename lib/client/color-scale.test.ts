import { describe, expect, it } from "vitest";
import { BRAND_SHADE, brandScale, contrast, READABLE_CONTRAST, readableShade } from "./color-scale";

const COLORS = ["#0E7490", "#E5484D", "#FFE066", "#A3E635", "#7DD3FC", "#1E1B4B", "#FFFFFF", "#000000"];

describe("brand colour scale", () => {
  it.each(COLORS)("%s is its own filled shade, with lighter shades before it and darker after", (hex) => {
    const scale = brandScale(hex)!;
    expect(scale).toHaveLength(10);
    expect(scale[BRAND_SHADE]).toBe(hex.toLowerCase());
    expect(contrast(scale[0], "#ffffff")).toBeLessThanOrEqual(contrast(scale[BRAND_SHADE], "#ffffff"));
    expect(contrast(scale[9], "#000000")).toBeLessThanOrEqual(contrast(scale[BRAND_SHADE], "#000000"));
  });

  it("refuses what is not #RRGGBB", () => {
    expect(brandScale("teal")).toBeNull();
    expect(brandScale("#0e749")).toBeNull();
  });

  it.each(COLORS)("%s as text reaches AA on the light and the dark page", (hex) => {
    for (const background of ["#ffffff", "#242424"]) {
      expect(contrast(readableShade(hex, background), background)).toBeGreaterThanOrEqual(READABLE_CONTRAST);
    }
  });

  it("keeps a colour that is readable already", () => {
    expect(readableShade("#1E1B4B", "#ffffff")).toBe("#1e1b4b");
    expect(readableShade("#FFE066", "#242424")).toBe("#ffe066");
  });

  it("computes WCAG contrast", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#0E7490", "#ffffff")).toBeCloseTo(5.36, 1);
  });
});
