/**
 * The identifiers printed on quotes and invoices, checked as far as their own rules
 * go: an IBAN by its ISO 13616 length per country and mod-97 check digits, a BIC
 * by its ISO 9362 shape, a UK account by its sort code and 8 digits, a VAT number
 * by the shape its country gives it. All take what staff type (spaces, lower case).
 */

/** IBAN lengths of the countries that issue them (SWIFT's IBAN registry). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28,
  HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29,
  RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22,
  VG: 24, XK: 20,
};

/** Letters and digits only, upper-cased: how an identifier is stored. */
export const compact = (text: string) => text.replace(/[\s.\-/]/g, "").toUpperCase();

/** What a check found wrong: a catalogue key (validation.business.*) and its placeholders. */
export type Problem = { key: string; values?: Record<string, string> };

/** Why an IBAN is not one, or null when it is. */
export function ibanProblem(text: string): Problem | null {
  const iban = compact(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { key: "validation.business.ibanShape" };
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return { key: "validation.business.ibanCountry", values: { country: iban.slice(0, 2) } };
  if (iban.length !== length) return { key: "validation.business.ibanLength", values: { country: iban.slice(0, 2), length: String(length) } };
  // Mod 97 of the number read with the first four characters moved to the end and letters as 10–35, digit by digit.
  let rest = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const value = parseInt(char, 36);
    rest = (value > 9 ? rest * 100 + value : rest * 10 + value) % 97;
  }
  return rest === 1 ? null : { key: "validation.business.ibanCheck" };
}

export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
export const SORT_CODE_PATTERN = /^\d{6}$/;
export const UK_ACCOUNT_PATTERN = /^\d{8}$/;

/**
 * VAT identification numbers by country prefix (the EU's VIES formats, the UK's and
 * Switzerland's), after the prefix. A number of another country is taken as typed.
 */
const VAT_SHAPES: Record<string, { pattern: RegExp; example: string }> = {
  AT: { pattern: /^U\d{8}$/, example: "ATU12345678" },
  BE: { pattern: /^[01]\d{9}$/, example: "BE0123456789" },
  BG: { pattern: /^\d{9,10}$/, example: "BG123456789" },
  CH: { pattern: /^E\d{9}(?:MWST|TVA|IVA)?$/, example: "CHE123456789MWST" },
  CY: { pattern: /^\d{8}[A-Z]$/, example: "CY12345678X" },
  CZ: { pattern: /^\d{8,10}$/, example: "CZ12345678" },
  DE: { pattern: /^\d{9}$/, example: "DE123456789" },
  DK: { pattern: /^\d{8}$/, example: "DK12345678" },
  EE: { pattern: /^\d{9}$/, example: "EE123456789" },
  EL: { pattern: /^\d{9}$/, example: "EL123456789" },
  ES: { pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: "ESX1234567X" },
  FI: { pattern: /^\d{8}$/, example: "FI12345678" },
  FR: { pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: "FR12345678901" },
  GB: { pattern: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, example: "GB123456789" },
  HR: { pattern: /^\d{11}$/, example: "HR12345678901" },
  HU: { pattern: /^\d{8}$/, example: "HU12345678" },
  IE: { pattern: /^(?:\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: "IE1234567T" },
  IT: { pattern: /^\d{11}$/, example: "IT12345678901" },
  LT: { pattern: /^(?:\d{9}|\d{12})$/, example: "LT123456789" },
  LU: { pattern: /^\d{8}$/, example: "LU12345678" },
  LV: { pattern: /^\d{11}$/, example: "LV12345678901" },
  MT: { pattern: /^\d{8}$/, example: "MT12345678" },
  NL: { pattern: /^\d{9}B\d{2}$/, example: "NL123456789B01" },
  PL: { pattern: /^\d{10}$/, example: "PL1234567890" },
  PT: { pattern: /^\d{9}$/, example: "PT123456789" },
  RO: { pattern: /^\d{2,10}$/, example: "RO1234567890" },
  SE: { pattern: /^\d{12}$/, example: "SE123456789001" },
  SI: { pattern: /^\d{8}$/, example: "SI12345678" },
  SK: { pattern: /^\d{10}$/, example: "SK1234567890" },
};

/** Greece writes EL in VAT numbers, GR elsewhere. */
const vatPrefixOf = (country: string) => (country === "GR" ? "EL" : country);

/**
 * Why a VAT number does not have its country's shape, or null. The country is the
 * number's own prefix, else the business's country (then the prefix is added).
 */
export function vatProblem(text: string, country: string | null | undefined): Problem | null {
  const vat = compact(text);
  if (!/^[A-Z0-9]{4,20}$/.test(vat)) return { key: "validation.business.vatShape" };
  const prefix = VAT_SHAPES[vat.slice(0, 2)] ? vat.slice(0, 2) : country ? vatPrefixOf(country) : null;
  const shape = prefix ? VAT_SHAPES[prefix] : undefined;
  if (!prefix || !shape) return null;
  const body = vat.startsWith(prefix) ? vat.slice(2) : vat;
  return shape.pattern.test(body) ? null : { key: "validation.business.vatCountry", values: { country: prefix, example: shape.example } };
}

/** A VAT number as stored: compact, with its country prefix. */
export function vatNumber(text: string, country: string | null | undefined): string {
  const vat = compact(text);
  if (VAT_SHAPES[vat.slice(0, 2)] || !country) return vat;
  const prefix = vatPrefixOf(country);
  return VAT_SHAPES[prefix] ? prefix + vat : vat;
}
