import { BIC_PATTERN, compact, ibanProblem, SORT_CODE_PATTERN, UK_ACCOUNT_PATTERN, vatNumber, vatProblem } from "./bank";
import { COUNTRIES } from "./countries";
import { emailFormat, emailText } from "./fields";
import { INVOICE_LIMITS } from "./invoice-values";
import { WEEKDAYS } from "./weekdays";
import { z } from "./z";

// The days live in a leaf module so screens can lay out a week without loading zod.
export { WEEKDAYS };
export type { Weekday } from "./weekdays";

// The runtime's own lists (ICU's): what Intl can format is what may be chosen.
const TIME_ZONES = new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

export const isTimeZone = (value: string) => TIME_ZONES.has(value);

const text = (max: number) => z.string().trim().max(max).transform((value) => value || null).nullable().optional();

export const timeZoneSchema = z.string().refine(isTimeZone, { error: "validation.business.timeZone" });
export const currencySchema = z
  .string()
  .transform((value) => value.toUpperCase())
  .refine((value) => CURRENCIES.has(value), { error: "validation.business.currency" });

const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: "validation.business.clock" });
const interval = z
  .strictObject({ from: clock, to: clock })
  .refine((value) => value.from < value.to, { error: "validation.business.closesAfterOpens", path: ["to"] });

/** A day's opening times, in order and not overlapping; an empty list is a closed day. */
const dayHours = z
  .array(interval)
  .max(4)
  .refine((intervals) => intervals.every((item, index) => index === 0 || intervals[index - 1].to <= item.from), {
    error: "validation.business.hoursOrder",
  });

const identifier = z.string().max(50).transform(compact);

/** Days from an invoice's issue to its due date. */
const termsProblem = { error: "validation.business.paymentTerms" };
export const paymentTermsSchema = z.number(termsProblem).int(termsProblem).min(0, termsProblem).max(INVOICE_LIMITS.termsDays, termsProblem);

/** A bank account: an IBAN (and BIC), or a UK account number and sort code. */
const bankSchema = z
  .strictObject({
    iban: identifier.optional(),
    bic: identifier.optional(),
    account_number: identifier.optional(),
    sort_code: identifier.optional(),
  })
  .superRefine((bank, ctx) => {
    const problem = (path: string, message: string, params?: Record<string, string>) => ctx.addIssue({ code: "custom", message, path: [path], params });
    if (bank.iban) {
      const wrong = ibanProblem(bank.iban);
      if (wrong) problem("iban", wrong.key, wrong.values);
      if (bank.bic && !BIC_PATTERN.test(bank.bic)) problem("bic", "validation.business.bic");
      if (bank.account_number || bank.sort_code) problem("iban", "validation.business.bankBoth");
    } else if (bank.account_number || bank.sort_code) {
      if (!UK_ACCOUNT_PATTERN.test(bank.account_number ?? "")) problem("account_number", "validation.business.accountNumber");
      if (!SORT_CODE_PATTERN.test(bank.sort_code ?? "")) problem("sort_code", "validation.business.sortCode");
    } else {
      problem("iban", "validation.business.bankNone");
    }
  })
  .transform((bank) =>
    bank.iban ? { iban: bank.iban, bic: bank.bic || null } : { account_number: bank.account_number!, sort_code: bank.sort_code! },
  );

/**
 * What quotes and invoices print about the business: the organization's, and a
 * location's where it differs (a location keeps only what differs; a field it
 * leaves out is the organization's). Every field may be empty.
 */
export const businessDetailsSchema = z
  .strictObject({
    legal_name: text(200),
    line1: text(200),
    line2: text(200),
    zip: text(20),
    city: text(100),
    state: text(100),
    country: z.enum(COUNTRIES, { error: "validation.country" }).nullable().optional(),
    phone: text(50),
    email: emailText.max(320).transform((value) => value || null).pipe(emailFormat.nullable()).nullable().optional(),
    website: z
      .string()
      .trim()
      .max(2000)
      .transform((value) => (value && !/^https?:\/\//i.test(value) ? `https://${value}` : value || null))
      .pipe(z.url({ protocol: /^https?$/, error: "validation.business.website" }).nullable())
      .nullable()
      .optional(),
    vat_number: text(30),
    registration_number: text(50),
    bank: bankSchema.nullable().optional(),
    currency: currencySchema.nullable().optional(),
    time_zone: timeZoneSchema.nullable().optional(),
    /** An invoice's terms unless it states its own; Craftdesk's default when none is set. */
    payment_terms_days: paymentTermsSchema.nullable().optional(),
    hours: z.partialRecord(z.enum(WEEKDAYS), dayHours).nullable().optional(),
  })
  .transform((details, ctx) => {
    if (!details.vat_number) return details;
    const problem = vatProblem(details.vat_number, details.country);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem.key, path: ["vat_number"], params: problem.values });
      return z.NEVER;
    }
    return { ...details, vat_number: vatNumber(details.vat_number, details.country) };
  });

export type BusinessDetails = z.output<typeof businessDetailsSchema>;
export type BusinessDetailsInput = z.input<typeof businessDetailsSchema>;

/** The details a location's documents print: its own where it has them, else the organization's. */
export function businessDetailsAt(organization: BusinessDetails, location: BusinessDetails | null | undefined): BusinessDetails {
  const own = Object.fromEntries(Object.entries(location ?? {}).filter(([, value]) => value !== null && value !== undefined));
  return { ...organization, ...own };
}
