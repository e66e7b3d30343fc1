import { getCountryCallingCode, Metadata, parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/min";
import { isCountry } from "./countries";

export const INVALID_PHONE = "validation.phone.invalid";
export const PHONE_NEEDS_COUNTRY = "validation.phone.needsCountry";

/** The part of a numbering plan the library keeps for every country but leaves out of its types. */
type Plan = { nationalNumberPattern(): string };

/**
 * Whether the digits fit the numbering plan of the number's calling code as a whole
 * (libphonenumber's "general description"), which no assigned range is needed for.
 * Length alone passes "0113 496" in the UK as +44 0113496: the library keeps a trunk
 * 0 when the number is too short without it, and no UK number starts with one.
 */
function fitsPlan(phone: PhoneNumber): boolean {
  // Selected by calling code: the plan of its main country (GB for +44), which covers the others sharing it.
  const metadata = new Metadata() as unknown as { selectNumberingPlan(callingCode: string): void; numberingPlan?: Plan };
  metadata.selectNumberingPlan(phone.countryCallingCode);
  const pattern = metadata.numberingPlan?.nationalNumberPattern();
  return pattern === undefined || new RegExp(`^(?:${pattern})$`).test(phone.nationalNumber);
}

/**
 * A number as staff type it, in E.164 (`+4930123456`). One written without a
 * country code is read as a number of `country` (the organization's); without
 * one it cannot be read at all. Any number that can be one of its country (the
 * right length, digits its plan allows) is taken, not only the ranges the library
 * lists as assigned: that list lags behind the carriers, and Ofcom's drama numbers
 * (07700 900xxx) are on none.
 */
export function normalizePhone(text: string, country: string | null | undefined): { number: string } | { error: string } {
  const region = isCountry(country) ? country : undefined;
  const phone = parsePhoneNumberFromString(text, region ? { defaultCountry: region } : undefined);
  if (phone?.isPossible() && fitsPlan(phone)) {
    // E.164 has no room for an extension; dropping it quietly would lose what was typed.
    return phone.ext ? { error: "validation.phone.extension" } : { number: phone.number };
  }
  if (!region && /\d/.test(text) && !text.trim().startsWith("+")) return { error: PHONE_NEEDS_COUNTRY };
  return { error: INVALID_PHONE };
}

/**
 * How a stored number reads: nationally when it shares the organization's
 * country code (so +44 numbers of Guernsey read as a UK office dials them),
 * internationally otherwise. A number kept from before numbers were checked
 * shows as it was typed.
 */
export function formatPhone(stored: string, country: string | null | undefined): string {
  const phone = parsePhoneNumberFromString(stored);
  if (!phone) return stored;
  const home = isCountry(country) && getCountryCallingCode(country) === phone.countryCallingCode;
  return home ? phone.formatNational() : phone.formatInternational();
}
