// How a text message splits into the parts a network bills, on both sides: the
// message forms count as the member types, and automatic message previews and the
// server count what is sent. No imports: it loads with any screen.

/** The GSM 03.38 default alphabet: one septet each. */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
/** The extension table: an escape plus the character, two septets each. */
const GSM_EXTENDED = new Set("^{}\\[~]|€\f");

export type SmsEncoding = "GSM-7" | "UCS-2";

export type SmsCount = {
  /** Characters as the user sees them (code points). */
  characters: number;
  /** Parts the network bills; 0 for an empty text. */
  segments: number;
  encoding: SmsEncoding;
};

/** A single part holds this many units; a part of a split message this many (the rest is the header that joins them). */
const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  "GSM-7": { single: 160, part: 153 },
  "UCS-2": { single: 70, part: 67 },
};

/**
 * Parts needed for units that must not be torn apart: a GSM escape and its
 * character, or the two UTF-16 halves of an emoji, travel in one part, so a part
 * that cannot take a whole one is closed a unit short.
 */
function parts(sizes: number[], encoding: SmsEncoding): number {
  const { single, part } = LIMITS[encoding];
  let total = 0;
  for (const size of sizes) total += size;
  if (total === 0) return 0;
  if (total <= single) return 1;
  let count = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      count += 1;
      used = 0;
    }
    used += size;
  }
  return count;
}

/**
 * How an SMS splits: GSM-7 fits 160 septets in one part and 153 per part when
 * split, extension characters (€, [, ] …) taking two; any character outside it
 * switches the whole text to UCS-2, 70 and 67 UTF-16 units, an emoji taking two.
 */
export function smsSegments(text: string): SmsCount {
  const chars = [...text];
  const septets: number[] = [];
  let gsm = true;
  for (const char of chars) {
    if (GSM_BASIC.has(char)) septets.push(1);
    else if (GSM_EXTENDED.has(char)) septets.push(2);
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { characters: chars.length, segments: parts(septets, "GSM-7"), encoding: "GSM-7" };
  return { characters: chars.length, segments: parts(chars.map((char) => char.length), "UCS-2"), encoding: "UCS-2" };
}
