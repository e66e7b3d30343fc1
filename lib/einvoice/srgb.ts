/**
 * An sRGB colour profile (ICC version 2, display class) made here from the published
 * sRGB definition (IEC 61966-2-1): its D50-adapted primaries and its tone curve, written
 * as a 1024-point table. A PDF/A names it as its output intent, which says that the
 * document's DeviceRGB colours are sRGB. Made in code, not copied from a file, so no
 * profile's licence comes with it; the bytes are the same on every run.
 */

const D65_WHITE = [0.9505, 1, 1.089] as const;
const D50_ILLUMINANT = [0.9642, 1, 0.8249] as const;
/** The sRGB primaries adapted to D50 (Bradford), as the standard sRGB profiles state them. */
const PRIMARIES = {
  rXYZ: [0.436066, 0.222488, 0.013916],
  gXYZ: [0.385147, 0.716873, 0.097076],
  bXYZ: [0.143066, 0.060608, 0.714096],
} as const;

const DESCRIPTION = "sRGB IEC61966-2.1";
const COPYRIGHT = "No copyright, use freely";
const CURVE_POINTS = 1024;

let cached: Uint8Array | null = null;

export function srgbIccProfile(): Uint8Array {
  cached ??= buildProfile();
  return cached.slice();
}

function buildProfile(): Uint8Array {
  const tags: [string, Uint8Array][] = [
    ["desc", textDescription(DESCRIPTION)],
    ["cprt", text(COPYRIGHT)],
    ["wtpt", xyz(D65_WHITE)],
    ["rXYZ", xyz(PRIMARIES.rXYZ)],
    ["gXYZ", xyz(PRIMARIES.gXYZ)],
    ["bXYZ", xyz(PRIMARIES.bXYZ)],
    ["rTRC", curve()],
  ];
  // The three channels share one tone curve: their tags point at the same data.
  const shared: [string, string][] = [
    ["gTRC", "rTRC"],
    ["bTRC", "rTRC"],
  ];
  const count = tags.length + shared.length;
  let offset = 128 + 4 + 12 * count;
  const placed = new Map<string, { offset: number; size: number }>();
  const chunks: Uint8Array[] = [];
  for (const [signature, data] of tags) {
    placed.set(signature, { offset, size: data.length });
    const padded = new Uint8Array(align4(data.length));
    padded.set(data);
    chunks.push(padded);
    offset += padded.length;
  }
  const size = offset;
  const profile = new Uint8Array(size);
  const view = new DataView(profile.buffer);
  // Header.
  view.setUint32(0, size);
  view.setUint32(8, 0x02100000); // version 2.1
  ascii(profile, 12, "mntr");
  ascii(profile, 16, "RGB ");
  ascii(profile, 20, "XYZ ");
  [2026, 1, 1, 0, 0, 0].forEach((value, index) => view.setUint16(24 + 2 * index, value));
  ascii(profile, 36, "acsp");
  view.setUint32(64, 0); // perceptual
  D50_ILLUMINANT.forEach((value, index) => view.setInt32(68 + 4 * index, s15Fixed16(value)));
  // Tag table.
  view.setUint32(128, count);
  const entries: [string, { offset: number; size: number }][] = [
    ...tags.map(([signature]) => [signature, placed.get(signature)!] as [string, { offset: number; size: number }]),
    ...shared.map(([signature, target]) => [signature, placed.get(target)!] as [string, { offset: number; size: number }]),
  ];
  entries.forEach(([signature, place], index) => {
    const at = 132 + 12 * index;
    ascii(profile, at, signature);
    view.setUint32(at + 4, place.offset);
    view.setUint32(at + 8, place.size);
  });
  let at = 128 + 4 + 12 * count;
  for (const chunk of chunks) {
    profile.set(chunk, at);
    at += chunk.length;
  }
  return profile;
}

const align4 = (length: number) => (length + 3) & ~3;

function ascii(target: Uint8Array, at: number, value: string) {
  for (let index = 0; index < value.length; index++) target[at + index] = value.charCodeAt(index);
}

const s15Fixed16 = (value: number) => Math.round(value * 65536);

function xyz(values: readonly [number, number, number] | readonly number[]): Uint8Array {
  const data = new Uint8Array(20);
  const view = new DataView(data.buffer);
  ascii(data, 0, "XYZ ");
  values.forEach((value, index) => view.setInt32(8 + 4 * index, s15Fixed16(value)));
  return data;
}

function text(value: string): Uint8Array {
  const data = new Uint8Array(8 + value.length + 1);
  ascii(data, 0, "text");
  ascii(data, 8, value);
  return data;
}

/** textDescriptionType (ICC v2): the ASCII description, then empty Unicode and ScriptCode descriptions. */
function textDescription(value: string): Uint8Array {
  const asciiLength = value.length + 1;
  const data = new Uint8Array(12 + asciiLength + 8 + 3 + 67);
  const view = new DataView(data.buffer);
  ascii(data, 0, "desc");
  view.setUint32(8, asciiLength);
  ascii(data, 12, value);
  return data;
}

/** The sRGB tone curve (linear near black, then a 2.4 power) as a table of 16-bit points. */
function curve(): Uint8Array {
  const data = new Uint8Array(12 + 2 * CURVE_POINTS);
  const view = new DataView(data.buffer);
  ascii(data, 0, "curv");
  view.setUint32(8, CURVE_POINTS);
  for (let index = 0; index < CURVE_POINTS; index++) {
    const encoded = index / (CURVE_POINTS - 1);
    const linear = encoded <= 0.04045 ? encoded / 12.92 : ((encoded + 0.055) / 1.055) ** 2.4;
    view.setUint16(12 + 2 * index, Math.round(linear * 65535));
  }
  return data;
}
