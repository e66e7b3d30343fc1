import type { OrganizationItem } from "./organization-item";
import type { Weekday } from "@/lib/schemas/weekdays";

/** Business details as GET /organization/{id} and GET /location/{id} answer them. */
export type BusinessItem = OrganizationItem["business"];

/** The details typed into one input each, as text. */
export const BUSINESS_TEXT = [
  "legal_name",
  "vat_number",
  "registration_number",
  "line1",
  "line2",
  "zip",
  "city",
  "state",
  "phone",
  "email",
  "website",
] as const;
type TextKey = (typeof BUSINESS_TEXT)[number];

/** The details chosen from a list; null when none is. */
const BUSINESS_CHOICES = ["country", "currency", "time_zone"] as const;
type ChoiceKey = (typeof BUSINESS_CHOICES)[number];

export type BankValue = { iban: string; bic: string } | { account_number: string; sort_code: string };
export type Interval = { from: string; to: string };
export type HoursValue = Partial<Record<Weekday, Interval[]>>;

/**
 * The business details form edits each detail as its own value, named by its path in
 * the request (`business.vat_number`), so an error the server or the schema finds at
 * that path shows at its input; a save sends them together as `business`.
 */
export type BusinessFormValues = { [K in TextKey as `business.${K}`]: string } & { [K in ChoiceKey as `business.${K}`]: string | null } & {
  "business.bank": BankValue | null;
  "business.hours": HoursValue | null;
  /** Whole days as typed; sent as a number. */
  "business.payment_terms_days": string;
};

/** An IBAN in groups of four, as it is printed and read aloud. */
export const groupedIban = (iban: string) => iban.replace(/\s/g, "").replace(/(.{4})(?=.)/g, "$1 ");

/** A sort code as 12-34-56. */
export const dashedSortCode = (code: string) => (/^\d{6}$/.test(code) ? code.replace(/^(\d\d)(\d\d)(\d\d)$/, "$1-$2-$3") : code);

/** A stored bank account as its inputs show it. */
export function bankValue(bank: BusinessItem["bank"]): BankValue | null {
  if (!bank) return null;
  if ("iban" in bank) return { iban: groupedIban(bank.iban ?? ""), bic: bank.bic ?? "" };
  return { account_number: bank.account_number, sort_code: dashedSortCode(bank.sort_code) };
}

/** Stored details as the form edits them: every text a string, every choice a value or null. */
export function businessValues(details: BusinessItem | null | undefined): BusinessFormValues {
  const source = details ?? {};
  const text = Object.fromEntries(BUSINESS_TEXT.map((key) => [`business.${key}`, source[key] ?? ""]));
  const choices = Object.fromEntries(BUSINESS_CHOICES.map((key) => [`business.${key}`, source[key] ?? null]));
  return {
    ...(text as { [K in TextKey as `business.${K}`]: string }),
    ...(choices as { [K in ChoiceKey as `business.${K}`]: string | null }),
    "business.bank": bankValue(source.bank),
    "business.hours": (source.hours as HoursValue | null | undefined) ?? null,
    "business.payment_terms_days": source.payment_terms_days === null || source.payment_terms_days === undefined ? "" : String(source.payment_terms_days),
  };
}

const given = (value: unknown) => value !== null && value !== undefined && (typeof value !== "string" || value.trim() !== "");

/**
 * The request body: every detail given, under `business` (it replaces the stored ones
 * as a whole); a detail left empty is left out, so a location keeps only what differs.
 */
export function businessPayload(values: Record<string, unknown>) {
  const business = Object.fromEntries(
    Object.entries(values)
      .filter(([key, value]) => key.startsWith("business.") && given(value))
      .map(([key, value]) => [key.slice("business.".length), value]),
  );
  // Digits are a number of days; anything else goes as typed, for the server to name what is wrong.
  const terms = business.payment_terms_days;
  if (typeof terms === "string" && /^\s*\d+\s*$/.test(terms)) business.payment_terms_days = Number(terms);
  const bank = business.bank as Record<string, string> | undefined;
  if (bank && !Object.values(bank).some(given)) delete business.bank;
  return { business };
}
