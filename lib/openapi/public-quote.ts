import { z } from "@/lib/schemas/z";
import { QUOTE_ANSWERS } from "@/lib/schemas/quote-values";
import type { Operation } from "./operations";

/** The customer's public page of a quote (lib/services/quote-public/view.ts `publicQuoteView`), as the API document describes it. */

const address = { line1: z.string().nullable(), line2: z.string().nullable(), zip: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), country: z.string().nullable() };
const amountOrPercent = z.union([z.object({ amount: z.int() }), z.object({ percent: z.number() })]).nullable();
const line = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  unit_price: z.int(),
  discount: amountOrPercent,
  tax: z.object({ name: z.string(), category: z.string(), percent: z.number(), exemption_reason: z.string().nullable() }),
  optional: z.boolean(),
  selected: z.boolean(),
  net: z.int(),
});
const totals = z.object({
  net: z.int(),
  tax: z.int(),
  gross: z.int(),
  groups: z.array(z.object({ code: z.enum(["S", "Z", "E", "AE", "K"]), category: z.string(), percent: z.number(), exemption_reason: z.string().nullable(), net: z.int(), tax: z.int(), gross: z.int() })),
});

export const publicQuoteView = z.object({
  number: z.string(),
  revision: z.int(),
  title: z.string(),
  introduction: z.string().nullable(),
  terms: z.string().nullable(),
  issued: z.string(),
  valid_until: z.string().nullable(),
  currency: z.string(),
  language: z.string(),
  deposit: amountOrPercent,
  seller: z.object({
    ...address,
    name: z.string(),
    legal_name: z.string().nullable(),
    tax_id: z.string().nullable(),
    registration: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    logo: z.boolean().meta({ description: "Whether GET …/logo answers the business's logo" }),
  }),
  buyer: z.object({ ...address, name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  site: z.object({ ...address, name: z.string().nullable() }).nullable(),
  options: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      sections: z.array(z.object({ id: z.string(), title: z.string(), net: z.int(), lines: z.array(line) })),
      totals,
      deposit: z.int(),
    }),
  ),
  revision_hash: z.string(),
  status: z.enum(["open", "approved", "declined", "changes_requested", "expired", "revising"]),
  actions: z.array(z.enum(QUOTE_ANSWERS)),
  chosen_option: z.string().nullable(),
  answer: z
    .object({
      answer: z.enum(QUOTE_ANSWERS),
      option: z.string().nullable(),
      optional_lines: z.array(z.string()),
      name: z.string().nullable(),
      comment: z.string().nullable(),
      answered: z.iso.datetime(),
    })
    .nullable(),
});

const PUBLIC =
  "No session: the token in the address is the only credential, and it opens this one quote and nothing else of the organization. Rate limited per link and per client address; answers carry `X-Robots-Tag: noindex`.";

export const PUBLIC_QUOTE_OPERATIONS: Record<string, Operation> = {
  "GET /public/quote/[token]": {
    summary: "A quote as its customer reads it on the public page",
    description: `The last sent revision (never unit costs or internal notes), its totals per option, where it stands (\`status\`: open, approved, declined, changes_requested, expired, revising) and the answers the customer may give (\`actions\`). The first opening of a sent quote marks it viewed. ${PUBLIC}`,
    response: publicQuoteView,
    errors: [429],
  },
  "POST /public/quote/[token]": {
    summary: "The customer approves, declines or requests changes",
    description: `Only while the quote is open (409 with the reason otherwise), and only on the revision the page showed (\`revision_hash\`; 409 when a newer one was sent). Approving names one option, the optional lines of it that are ticked, the customer's typed name and their drawn signature (a PNG data URL of at most 200 kB); it creates the project with the agreed lines (or adds them to the quote's project). Every answer is recorded with the name, time, address and browser, lands in the customer's conversation and notifies the quote's owner. Answers the quote as the page now shows it. ${PUBLIC}`,
    response: publicQuoteView,
    errors: [409, 429],
  },
  "GET /public/quote/[token]/pdf": {
    summary: "The quote as a PDF, from its public page",
    description: `The revision the page shows, in its language; once approved, with the customer's choice (the other options as declined) and signature. ${PUBLIC}`,
    response: "binary",
    errors: [429],
  },
  "GET /public/quote/[token]/logo": {
    summary: "The business's logo on the quote's public page",
    description: `404 when the quote's business has none. ${PUBLIC}`,
    response: "binary",
    errors: [429],
  },
};
