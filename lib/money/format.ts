import { currencyDecimals } from "./currency";
import { fromScaled, toScaled, type Minor } from "./decimal";

/**
 * Amounts as people read and type them, in a locale's own way (Intl): 1234.5 EUR is
 * "€1,234.50" in en-US and "1.234,50 €" in de-DE. The amount reaches Intl as decimal
 * text, never as a float.
 */

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string, currency: string, style: "currency" | "decimal") {
  const key = `${locale}|${currency}|${style}`;
  let format = formats.get(key);
  if (!format) {
    const decimals = currencyDecimals(currency);
    format = new Intl.NumberFormat(locale, {
      style,
      ...(style === "currency" ? { currency } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      numberingSystem: "latn",
    });
    formats.set(key, format);
  }
  return format;
}

/** Minor units as decimal text of the currency: 123456 EUR → "1234.56", 500 JPY → "500". */
export const minorToDecimal = (amount: Minor, currency: string) => fromScaled(amount, currencyDecimals(currency), true);

/** Decimal text or a number of the currency's units as minor units, rounded half away from zero past its decimals. */
export const decimalToMinor = (value: string | number, currency: string) => toScaled(value, currencyDecimals(currency), true);

/** An amount with its currency, as the locale writes it. */
export function formatMoney(amount: Minor, currency: string, locale: string): string {
  return formatOf(locale, currency, "currency").format(minorToDecimal(amount, currency) as Intl.StringNumericLiteral);
}

/** An amount without its currency (a table column headed by it, an input). */
export function formatAmount(amount: Minor, currency: string, locale: string): string {
  return formatOf(locale, currency, "decimal").format(minorToDecimal(amount, currency) as Intl.StringNumericLiteral);
}

/** The locale's decimal and grouping marks. */
export function separators(locale: string) {
  const parts = new Intl.NumberFormat(locale, { numberingSystem: "latn" }).formatToParts(1234567.5);
  return {
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    group: parts.find((part) => part.type === "group")?.value ?? ",",
  };
}

const MINUS = /^[-\u2212\u2012\u2013]|[-\u2212]$/;

/**
 * Text a person typed or read in `locale` as minor units, with or without the
 * currency's sign: "1.234,50 €" in de-DE → 123450. Null when it is no amount.
 */
export function parseMoney(text: string, currency: string, locale: string): Minor | null {
  const { decimal, group } = separators(locale);
  let body = text.replace(/[\s\u00a0\u202f]/g, "");
  const accounting = /^\(.*\)$/.test(body);
  if (accounting) body = body.slice(1, -1);
  // The currency's symbol or code, wherever the locale puts it.
  const symbol = formatOf(locale, currency, "currency").formatToParts(1).find((part) => part.type === "currency")?.value.replace(/[\s\u00a0\u202f]/g, "");
  if (symbol) body = body.split(symbol).join("");
  body = body.split(currency).join("");
  body = body.replace(/[^\d\-\u2212\u2012\u2013.,'’]/g, "");
  const negative = accounting || MINUS.test(body);
  body = body.replace(/[-\u2212\u2012\u2013]/g, "");
  const groupMark = group.replace(/[\s\u00a0\u202f]/g, "");
  if (groupMark) body = body.split(groupMark).join("");
  if (decimal !== ".") body = body.replace(decimal, ".");
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(body)) return null;
  const amount = decimalToMinor(body, currency);
  return amount === null ? null : negative ? -amount || 0 : amount;
}
