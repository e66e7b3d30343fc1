import { PALETTE } from "@/lib/schemas/project-type-palette";

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Step-9 colours bright enough that white text on them is hard to read.
const LIGHT = new Set(["sky", "mint", "lime", "yellow", "amber"]);

/** The palette colour's name ("Blue") for a stored hex value; the hex itself when it is not in the palette. */
export function colorName(hex: string): string {
  const found = PALETTE.find((color) => color.hex.toLowerCase() === hex.toLowerCase());
  return found ? capitalize(found.name) : hex;
}

export const PALETTE_OPTIONS = PALETTE.map((color) => ({ hex: color.hex, label: capitalize(color.name), light: LIGHT.has(color.name) }));
