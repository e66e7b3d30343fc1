/**
 * Exact decimals as scaled integers: a quantity in thousandths (1.5 → 1500), a
 * percentage in thousandths of a percent (5.5 % → 5500), an amount in minor units.
 * Products are taken in BigInt and rounded once, half away from zero, so no float
 * ever holds a stored value (ARCHITECTURE.md §8a).
 */

/** Quantities keep three decimals: 1.5 hours is 1500. */
export const QUANTITY_SCALE = 3;
/** Percentages keep three decimals: 5.5 % is 5500. */
export const PERCENT_SCALE = 3;
/** 100 % in thousandths of a percent. */
export const HUNDRED_PERCENT = 100_000;

/** Each of these is an integer; the name says what it counts. */
export type Minor = number;
export type Thousandths = number;
export type PercentMilli = number;

const POW10 = [1n, 10n, 100n, 1000n, 10_000n, 100_000n, 1_000_000n];

export const pow10 = (scale: number) => POW10[scale] ?? 10n ** BigInt(scale);

/** a / b rounded to an integer, halves away from zero (b ≠ 0). */
export function divRound(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError("Division by zero");
  if (b < 0n) return divRound(-a, -b);
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const rounded = (2n * magnitude + b) / (2n * b);
  return negative ? -rounded : rounded;
}

/** A BigInt result back as a safe integer; a figure beyond 2^53 is refused rather than silently wrong. */
export function safe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("Amount out of range");
  return Number(value);
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * A decimal text or number as an integer of `scale` decimals: "1.5" at scale 3 is 1500.
 * Digits past the scale are rounded half away from zero when `round`, else the value
 * is refused (null), as is anything that is not a plain decimal. A number is read
 * from its shortest decimal spelling (5.5 → "5.5"), so it is taken as it was typed.
 */
export function toScaled(value: string | number, scale: number, round = false): number | null {
  let text = typeof value === "number" ? (Number.isFinite(value) ? numberText(value) : "") : value.trim();
  if (text === "") return null;
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return null;
  const [, sign, whole, fraction = ""] = match;
  if (fraction.length > scale && !round) return null;
  text = whole + fraction.padEnd(scale, "0");
  let scaled = BigInt(text.slice(0, whole.length + scale) || "0");
  const rest = text.slice(whole.length + scale);
  if (rest && Number(rest[0]) >= 5) scaled += 1n;
  const result = sign === "-" ? -scaled : scaled;
  try {
    return safe(result) || 0;
  } catch {
    return null;
  }
}

/** A number's decimal spelling without an exponent (1e-7 → "0.0000001"). */
function numberText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
}

/** An integer of `scale` decimals as decimal text: 1500 at scale 3 is "1.5" ("1.500" with `fixed`). */
export function fromScaled(value: number, scale: number, fixed = false): string {
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  let fraction = scale > 0 ? digits.slice(digits.length - scale) : "";
  if (!fixed) fraction = fraction.replace(/0+$/, "");
  return `${negative && value !== 0 ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** A percentage as the API and forms show it: 5500 → 5.5. */
export const percentNumber = (milli: PercentMilli) => Number(fromScaled(milli, PERCENT_SCALE));
