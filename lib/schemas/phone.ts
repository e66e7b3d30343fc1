import { getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { isCountry } from "./countries";

export const INVALID_PHONE = "Enter a valid phone number";
export const PHONE_NEEDS_COUNTRY =
  "Add the country code, like +49 30 1234567, or set the organization's country in organization settings";

/**
 * A number as staff type it, in E.164 (`+4930123456`). One written without a
 * country code is read as a number of `country` (the organization's); without
 * one it cannot be read at all.
 */
export function normalizePhone(text: string, country: string | null | undefined): { number: string } | { error: string } {
  const region = isCountry(country) ? country : undefined;
  const phone = parsePhoneNumberFromString(text, region ? { defaultCountry: region } : undefined);
  if (phone?.isValid()) {
    // E.164 has no room for an extension; dropping it quietly would lose what was typed.
    return phone.ext ? { error: "Enter the number without an extension" } : { number: phone.number };
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
