import type { MantineColorsTuple } from "@mantine/core";

type Rgb = [number, number, number];

/** The shade that is the brand colour itself: Mantine's filled colour in the light scheme. */
export const BRAND_SHADE = 6;

// How far each shade is mixed toward white (before the brand shade) or black (after it).
const TOWARD_WHITE = [0.92, 0.8, 0.64, 0.48, 0.32, 0.16];
const TOWARD_BLACK = [0.14, 0.27, 0.4];

/** The luminance at which black and white text have the same contrast (about 4.6:1): above it, black reads better. */
export const EQUAL_CONTRAST_LUMINANCE = 0.179;

/** WCAG AA for normal text. */
export const READABLE_CONTRAST = 4.5;

function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match ? [parseInt(match[1], 16), parseInt(match[2], 16), parseInt(match[3], 16)] : null;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

const mix = (from: Rgb, to: Rgb, share: number): Rgb => from.map((c, i) => c + (to[i] - c) * share) as Rgb;

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** Relative luminance (WCAG), 0 for black to 1 for white. */
function luminance(rgb: Rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastOf(a: Rgb, b: Rgb) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The WCAG contrast ratio of two #RRGGBB colours, 1 to 21. */
export function contrast(a: string, b: string) {
  const [x, y] = [parseHex(a), parseHex(b)];
  return x && y ? contrastOf(x, y) : 1;
}

/** Ten shades of a #RRGGBB colour, lightest first, the colour itself at BRAND_SHADE; null for anything else. */
export function brandScale(hex: string): MantineColorsTuple | null {
  const base = parseHex(hex);
  if (!base) return null;
  const shades = [
    ...TOWARD_WHITE.map((share) => toHex(mix(base, WHITE, share))),
    toHex(base),
    ...TOWARD_BLACK.map((share) => toHex(mix(base, BLACK, share))),
  ];
  return shades as unknown as MantineColorsTuple;
}

/**
 * The brand colour as text on a background: the colour itself when it is readable
 * there, otherwise the first step toward black (light backgrounds) or white (dark
 * ones) that is. Black and white always are, on the backgrounds this app uses.
 */
export function readableShade(hex: string, background: string): string {
  const [color, ground] = [parseHex(hex), parseHex(background)];
  if (!color || !ground) return hex;
  const toward = luminance(ground) > EQUAL_CONTRAST_LUMINANCE ? BLACK : WHITE;
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, toward, step / 20);
    if (contrastOf(candidate, ground) >= READABLE_CONTRAST) return toHex(candidate);
  }
  return toHex(toward);
}
