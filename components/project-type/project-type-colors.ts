import { PALETTE } from "@/lib/schemas/project-type-palette";

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Step-9 colours bright enough that white text on them is hard to read.
const LIGHT = new Set(["sky", "mint", "lime", "yellow", "amber"]);

type ColorName = (typeof PALETTE)[number]["name"];

/** Each palette colour's name as a person reads it, by catalogue key. */
const COLOR_KEYS: Record<ColorName, string> = {
  gray: "projectType.color.gray",
  tomato: "projectType.color.tomato",
  red: "projectType.color.red",
  ruby: "projectType.color.ruby",
  crimson: "projectType.color.crimson",
  pink: "projectType.color.pink",
  plum: "projectType.color.plum",
  purple: "projectType.color.purple",
  violet: "projectType.color.violet",
  iris: "projectType.color.iris",
  indigo: "projectType.color.indigo",
  blue: "projectType.color.blue",
  cyan: "projectType.color.cyan",
  teal: "projectType.color.teal",
  jade: "projectType.color.jade",
  green: "projectType.color.green",
  grass: "projectType.color.grass",
  brown: "projectType.color.brown",
  bronze: "projectType.color.bronze",
  gold: "projectType.color.gold",
  sky: "projectType.color.sky",
  mint: "projectType.color.mint",
  lime: "projectType.color.lime",
  yellow: "projectType.color.yellow",
  amber: "projectType.color.amber",
  orange: "projectType.color.orange",
};

const paletteColor = (hex: string) => PALETTE.find((color) => color.hex.toLowerCase() === hex.toLowerCase());

/** The palette colour's English name ("Blue") for a stored hex value, as CSV files carry it; the hex itself when it is not in the palette. */
export function colorName(hex: string): string {
  const found = paletteColor(hex);
  return found ? capitalize(found.name) : hex;
}

/** The catalogue key of a stored hex value's colour name; null when it is not in the palette. */
export function colorKey(hex: string): string | null {
  const found = paletteColor(hex);
  return found ? COLOR_KEYS[found.name] : null;
}

export const PALETTE_OPTIONS = PALETTE.map((color) => ({ hex: color.hex, label: COLOR_KEYS[color.name], light: LIGHT.has(color.name) }));
