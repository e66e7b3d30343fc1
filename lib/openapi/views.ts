/**
 * What the API answers, as JSON: the views of lib/services described for the API
 * document (lib/openapi/document.ts). API tests check every answer against them
 * (test/documented.ts), so a view that changes without its description fails there.
 */
import { LOCALES } from "@/lib/i18n/locales";
import { API_DIRECTIONS, CHANNELS, MESSAGE_CHANNELS } from "@/lib/schemas/channels";
import { WEEKDAYS } from "@/lib/schemas/business";
import { CONSENT_EVENTS, SMS_OPT_OUT_WAYS } from "@/lib/schemas/consent";
import { CONTACT_CHANNELS } from "@/lib/schemas/contact";
import { CUSTOMER_TYPES, MAILBOX_PROVIDERS, NOTIFICATION_FREQUENCIES, PRIVILEGES } from "@/lib/schemas/constants";
import { CONVERSATION_STATUSES, STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";
import { FIELD_KINDS } from "@/lib/schemas/field-kinds";
import { SHARING_LEVELS } from "@/lib/schemas/sharing";
import { VISIT_STATUSES } from "@/lib/schemas/visit-status";
import { z } from "@/lib/schemas/z";
import { TAX_CATEGORIES } from "@/lib/money/tax";
import { PRICE_ITEM_STATUSES, PRICE_UNITS, TAX_RATE_STATUSES } from "@/lib/schemas/price-book-values";
import { QUOTE_ANSWERS, QUOTE_STATUSES } from "@/lib/schemas/quote-values";
import { EINVOICE_FORMATS, INVOICE_STATUSES, PAYMENT_METHODS } from "@/lib/schemas/invoice-values";
import { INVOICE_KINDS } from "@/lib/schemas/invoice-content";

const id = z.uuid();
const date = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 date and time" });
const status = z.enum(STATUS_ACTIVE_REMOVED);
/** A free-form object: its fields depend on the item (project fields, workflow definitions, history changes). */
export const anyObject = z.record(z.string(), z.unknown());

export const sharingView = z
  .object({
    default: z.enum(SHARING_LEVELS),
    locations: z.array(z.object({ id, level: z.enum(SHARING_LEVELS) })),
  })
  .meta({ id: "Sharing", description: "Who else sees the item: a default level and levels for some locations" });

/** A list page: at most `limit` items; `more` tells whether another page follows, `next` is its cursor (query `after`). */
export const listPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), more: z.boolean(), next: z.string().optional(), total: z.number().int().optional() });

/** The fields every item shared between locations has. */
const scoped = {
  location: id.nullable(),
  organization: id,
  sharing: sharingView,
  created: date,
  updated: date,
};

export const roleView = z
  .object({ id, name: z.string(), status, privileges: z.array(z.enum(PRIVILEGES)), ...scoped })
  .meta({ id: "Role" });

const maybeText = z.string().nullable().optional();
/** lib/schemas/business.ts: every field may be absent or empty. */
export const businessView = z
  .object({
    legal_name: maybeText,
    line1: maybeText,
    line2: maybeText,
    zip: maybeText,
    city: maybeText,
    state: maybeText,
    country: maybeText.meta({ description: "ISO 3166-1 alpha-2" }),
    phone: maybeText,
    email: maybeText,
    website: maybeText,
    vat_number: maybeText.meta({ description: "Compact, with its country prefix (DE123456789)" }),
    registration_number: maybeText,
    bank: z
      .union([z.object({ iban: z.string(), bic: maybeText }), z.object({ account_number: z.string(), sort_code: z.string() })])
      .nullable()
      .optional(),
    currency: maybeText.meta({ description: "ISO 4217" }),
    time_zone: maybeText.meta({ description: "IANA, like Europe/Berlin" }),
    payment_terms_days: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ description: "Days from an invoice's issue to its due date, unless the invoice states its own (14 when none is set)" }),
    hours: z
      .partialRecord(z.enum(WEEKDAYS), z.array(z.object({ from: z.string(), to: z.string() })))
      .nullable()
      .optional()
      .meta({ description: "Opening times per weekday (mon…sun) as 24-hour HH:MM; an empty list is a closed day" }),
  })
  .meta({ id: "BusinessDetails", description: "What quotes and invoices print about the business" });

export const locationView = z
  .object({
    id,
    name: z.string(),
    status,
    sharing: sharingView,
    business: businessView.meta({ description: "Only where the location's details differ from the organization's" }),
    organization: id,
    created: date,
    updated: date,
  })
  .meta({ id: "Location" });

export const memberView = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    status,
    image: id.nullable(),
    role: id,
    language: z.enum(LOCALES).nullable().meta({ description: "The member's own language for screens and mail; null follows the organization's" }),
    notification_emails: z.enum(NOTIFICATION_FREQUENCIES),
    has_password: z.boolean(),
    invitation_expires: date.nullable().meta({ description: "When the pending invitation's link expires (it may have already); null when none is pending" }),
    ...scoped,
  })
  .meta({ id: "Member" });

const nullableText = z.string().nullable();
export const customerView = z
  .object({
    id,
    type: z.enum(CUSTOMER_TYPES),
    name: z.string(),
    phone: nullableText.meta({ description: "E.164" }),
    email: nullableText,
    line1: nullableText,
    line2: nullableText,
    zip: nullableText,
    city: nullableText,
    state: nullableText,
    country: nullableText,
    language: z.enum(LOCALES).nullable().meta({ description: "The language of what is sent to the customer; null follows the organization's" }),
    automated_emails: z.boolean().meta({
      description: "Automated emails (confirmations, reminders, follow-ups) may go to the customer; staff switch it, the customer's unsubscribe link turns it off",
    }),
    vat_number: nullableText.meta({ description: "The buyer's VAT id on invoices (EN 16931 BT-48), with its country prefix" }),
    einvoice_format: z.enum(EINVOICE_FORMATS).meta({ description: "The e-invoice sent with each invoice" }),
    status,
    ...scoped,
  })
  .meta({ id: "Customer" });

/** GET /customer/{id}/consent and what recording an opt-out answers. */
export const customerConsentView = z
  .object({
    automated_emails: z.boolean(),
    phones: z.array(
      z.object({
        phone: z.string().meta({ description: "E.164: the customer's own number first, then its active contacts'" }),
        opted_out: z
          .object({
            since: date,
            how: z.enum(SMS_OPT_OUT_WAYS).meta({ description: "keyword: the customer replied STOP (or another stop word); carrier: Twilio refused a text with error 21610; staff: a member recorded the customer's wish" }),
            keyword: z.string().nullable().meta({ description: "The stop word as the customer sent it" }),
            message: id.nullable().meta({ description: "The inbound STOP, or the outgoing text the carrier refused" }),
            member: id.nullable().meta({ description: "The member who recorded it (staff)" }),
          })
          .nullable()
          .meta({ description: "Null while texts may go to the number; only the customer's START opts it back in" }),
      }),
    ),
  })
  .meta({ id: "CustomerConsent", description: "Whether the customer may be sent automated emails, and texts at each of its numbers" });

/** A custom field of a project type; its kind says which settings it has and what its values are (README, Custom fields). */
export const fieldDefinitionView = z
  .looseObject({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    required: z.boolean(),
    kind: z.enum(FIELD_KINDS).optional().meta({ description: "Absent on fields saved before kinds existed: those are text" }),
    validation: z.string().nullable().meta({ description: "Text only: a regular expression (RE2) the whole value must match" }),
    min: z.number().nullable().optional(),
    max: z.number().nullable().optional(),
    decimals: z.number().int().nullable().optional().meta({ description: "Number only: most digits after the point; null for any" }),
    unit: z.string().nullable().optional(),
    options: z
      .array(z.object({ id: z.number().int(), label: z.string() }))
      .optional()
      .meta({ description: "Single and multiple choice: values name the option ids, so labels can change" }),
  })
  .meta({ id: "FieldDefinition" });

/** A project's value of a custom field, in its kind's form. */
export const fieldValueView = z
  .object({
    id: z.number().int(),
    value: z.union([z.string(), z.number(), z.boolean(), z.array(z.number().int())]).meta({
      description:
        "text: a string; number: a number; date: YYYY-MM-DD; datetime: an ISO 8601 instant in UTC; single_choice: an option id; multiple_choice: option ids; checkbox: true (unchecked is no value)",
    }),
  })
  .meta({ id: "FieldValue" });

export const siteView = z
  .object({
    id,
    customer: id,
    label: nullableText.meta({ description: "Home, Rental flat 2B; null: the address names it" }),
    line1: nullableText,
    line2: nullableText,
    zip: nullableText,
    city: nullableText,
    state: nullableText,
    country: nullableText.meta({ description: "ISO 3166-1 alpha-2" }),
    access_notes: nullableText.meta({ description: "Gate code, where the key is" }),
    contact: id.nullable().meta({ description: "Who to ask for at the site: one of the customer's contacts" }),
    time_zone: z.string().meta({ description: "IANA, like Europe/Berlin: what a visit's time at the site means" }),
    status,
    organization: id,
    created: date,
    updated: date,
  })
  .meta({ id: "Site", description: "A place where the customer has work done; seen and changed as its customer is" });

export const contactView = z
  .object({
    id,
    customer: id,
    name: z.string(),
    role: nullableText.meta({ description: "Tenant, Accounts" }),
    email: nullableText,
    phone: nullableText.meta({ description: "E.164" }),
    preferred_channel: z.enum(CONTACT_CHANNELS).nullable(),
    receives_quotes: z.boolean(),
    receives_invoices: z.boolean(),
    status,
    organization: id,
    created: date,
    updated: date,
  })
  .meta({ id: "Contact", description: "Someone to reach at the customer besides its own email and phone; seen and changed as its customer is" });

export const projectTypeView = z
  .object({
    id,
    name: z.string(),
    icon: z.string(),
    color: z.string(),
    status,
    statuses_by_workflow: z.boolean(),
    statuses: z.array(anyObject),
    fields: z.array(fieldDefinitionView),
    workflows: z.array(anyObject),
    ...scoped,
  })
  .meta({ id: "ProjectType" });

export const projectView = z
  .object({
    id,
    title: z.string(),
    description: z.string(),
    type: id,
    status: z.number().int().meta({ description: "A status id of the project's type" }),
    fields: z.array(fieldValueView),
    owner: id.nullable(),
    customer: id.nullable(),
    site: id.nullable().meta({ description: "One of the customer's sites, where the work is" }),
    ...scoped,
  })
  .meta({ id: "Project" });

export const conversationView = z
  .object({
    id,
    reference: z.string().meta({ description: "C-1042" }),
    title: z.string(),
    status: z.enum(CONVERSATION_STATUSES),
    unread: z.number().int().meta({ description: "Messages that came in and the caller has not read; each member has their own" }),
    customer: id.nullable().meta({ description: "With a customer, the conversation lives where the customer does and is shared as it is" }),
    sources: z.array(z.object({ type: z.enum(CHANNELS), value: z.string(), name: z.string().optional() })),
    last_message: date.nullable(),
    ...scoped,
  })
  .meta({ id: "Conversation" });

export const messageView = z
  .object({
    id,
    date,
    author: id.nullable(),
    conversation: id,
    type: z.object({
      id: z.enum(MESSAGE_CHANNELS),
      direction: z.enum(Object.values(API_DIRECTIONS)),
      source: z.unknown(),
      source_name: z.string().nullable(),
      title: z.string().nullable(),
      content: z.string().nullable(),
      html: z.string().nullable(),
      files: z.array(z.unknown()),
    }),
    delivery: z.object({ state: z.string(), error: z.string().nullable() }).nullable(),
    consent: z.enum(CONSENT_EVENTS).nullable().meta({
      description: "What the text did to its number's consent: opted_out (an inbound STOP, or a send refused as unsubscribed), opted_in (START), help (HELP, answered)",
    }),
  })
  .meta({ id: "Message" });

export const fileView = z
  .object({
    id,
    name: z.string(),
    mimetype: z.string(),
    size: z.number().int(),
    removed: z.boolean(),
    uploader: id.nullable().meta({ description: "The member who uploaded it; null for what customers sent" }),
    created: date,
    updated: date,
  })
  .meta({ id: "File" });

export const projectFileView = fileView
  .extend({
    visit: id.nullable().meta({ description: "The visit it was taken at, when it came from one" }),
    added: date,
    added_by: id.nullable(),
  })
  .meta({ id: "ProjectFile" });

export const fileDetailsView = fileView.extend({ used: z.unknown() }).meta({ id: "FileDetails" });

export const organizationView = z
  .object({
    id,
    name: z.string(),
    color: z.string(),
    image: id.nullable(),
    language: z.string(),
    country: z.string().nullable(),
    business: businessView,
    oauth: z
      .object({
        type: z.enum(MAILBOX_PROVIDERS),
        email: z.string().nullable(),
        status: z.enum(["connected", "disconnected"]),
        last_sync_at: date.nullable(),
        last_error: z.string().nullable(),
      })
      .nullable(),
    email_replies: z.enum(["mailbox", "reply_address", "none"]).meta({
      description:
        "Where customers' replies to emails come back: the connected mailbox, the reply address of the server's INBOUND_EMAIL_DOMAIN, or nowhere",
    }),
    inbound_email_url: z.string().optional().meta({ description: "Admins only" }),
    created: date,
    updated: date,
  })
  .meta({ id: "Organization" });

const namedLocation = z.object({ id, name: z.string() });
export const sessionView = z
  .object({
    organization: organizationView,
    member: memberView,
    location: namedLocation.nullable(),
    locations: z.array(namedLocation),
    privileges: z.array(z.enum(PRIVILEGES)),
  })
  .meta({ id: "Session" });

const rowError = z.object({
  column: z.string(),
  value: z.string().nullable(),
  error: z.enum(["required", "invalid"]),
  reason: z.string().optional(),
  type: z.string().optional().describe("The type the field takes, where it declares one"),
  message: z.string(),
});
export const importReport = z
  .object({
    dryRun: z.boolean(),
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.array(z.object({ row: z.number().int(), errors: z.array(rowError) })),
  })
  .meta({ id: "ImportReport" });

const wallClock = z.string().meta({ description: "Wall clock at the visit's time_zone, YYYY-MM-DDTHH:mm (no offset)" });

export const visitClashView = z
  .object({
    type: z.enum(["visit", "time_off", "hours"]),
    id: id.nullable().meta({ description: "The other visit or the time off; null for hours, and for a visit the caller may not see" }),
    title: z.string().meta({ description: "The other visit's project title, the time off's reason, or the day's opening hours (empty: closed)" }),
    start: date,
    end: date,
  })
  .meta({ id: "VisitClash", description: "Something a visit overlaps; told, never refused" });

export const visitView = z
  .object({
    id,
    project: id,
    project_title: z.string(),
    customer: id.nullable(),
    customer_name: z.string().nullable(),
    site: id.nullable(),
    location: id.nullable().meta({ description: "The project's location" }),
    time_zone: z.string().meta({ description: "IANA: the site's, else the location's business details', else the organization's" }),
    start: date.nullable().meta({ description: "Instant in UTC; null: no set time" }),
    end: date.nullable(),
    start_local: wallClock.nullable(),
    end_local: wallClock.nullable(),
    day: z.iso.date().nullable().meta({ description: "A day with no set time (any time); null when start is set" }),
    arrival_window: z.number().int().nullable().meta({ description: "Minutes shown to the customer (15 to 240), or none" }),
    members: z.array(id),
    instructions: z.string().nullable(),
    automatic_messages: z.boolean().meta({ description: "false: no automatic messages to the customer about this visit" }),
    status: z.enum(VISIT_STATUSES),
    status_changed: date,
    status_changed_by: id.nullable(),
    clashes: z.array(visitClashView),
    organization: id,
    created: date,
    updated: date,
  })
  .meta({ id: "Visit", description: "A visit of a project: seen and changed as its project is" });

export const timeOffView = z
  .object({
    id,
    member: id,
    all_day: z.boolean(),
    start: date,
    end: date,
    start_day: z.iso.date().nullable().meta({ description: "First whole day (all_day), at the member's location's time zone" }),
    end_day: z.iso.date().nullable().meta({ description: "Last whole day, inclusive (all_day)" }),
    reason: z.string().nullable(),
    status,
    organization: id,
    created: date,
    updated: date,
  })
  .meta({ id: "TimeOff", description: "A member's time off: instants, or whole days kept as the instants they run between" });

export const taxRateView = z
  .object({
    id,
    name: z.string(),
    percent: z.number().meta({ description: "Percent, with at most three decimals (5.5)" }),
    category: z.enum(TAX_CATEGORIES),
    vat_code: z.enum(["S", "Z", "E", "AE", "K"]).meta({ description: "EN 16931 VAT category code (BT-118): standard and reduced are S" }),
    exemption_reason: z.string().nullable(),
    default: z.boolean().meta({ description: "Exactly one rate of the organization is the default" }),
    status: z.enum(TAX_RATE_STATUSES),
    organization: id,
    created: date,
    updated: date,
  })
  .meta({ id: "TaxRate", description: "A tax rate of the organization" });

export const priceItemView = z
  .object({
    id,
    name: z.string(),
    description: z.string().nullable(),
    unit: z.enum(PRICE_UNITS),
    unit_price: z.number().int().meta({ description: "Minor units of the organization's currency (cents)" }),
    unit_cost: z.number().int().nullable().meta({ description: "Minor units of the organization's currency, or none" }),
    markup: z.number().nullable().meta({ description: "Percent of the price over the cost; null without a cost" }),
    tax_rate: id,
    category: z.string().nullable(),
    status: z.enum(PRICE_ITEM_STATUSES),
    organization: id,
    created: date,
    updated: date,
  })
  .meta({ id: "PriceItem", description: "An item or service of the price book" });

const minor = (description = "Minor units of the quote's currency (cents)") => z.number().int().meta({ description });
const percentOrAmount = z
  .union([z.object({ percent: z.number().meta({ description: "Percent, with at most three decimals" }) }), z.object({ amount: minor() })])
  .nullable();

const quoteLineView = z.object({
  id: z.string(),
  price_item: id.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number().meta({ description: "With at most three decimals (1.5)" }),
  unit: z.enum(PRICE_UNITS),
  unit_price: minor(),
  unit_cost: minor().nullable().meta({ description: "Never shown to the customer" }),
  discount: percentOrAmount,
  tax: z.object({ id: id.nullable(), name: z.string(), category: z.enum(TAX_CATEGORIES), percent: z.number(), exemption_reason: z.string().nullable() }),
  optional: z.boolean(),
  selected: z.boolean().meta({ description: "An optional line ticked (by default, or by the customer's approval)" }),
  net: minor("quantity × unit price − discount, in minor units"),
});

const quoteOptionView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), net: minor("The section's counted lines"), lines: z.array(quoteLineView) })),
  totals: z.object({
    net: minor(),
    tax: minor(),
    gross: minor(),
    groups: z.array(
      z.object({ code: z.enum(["S", "Z", "E", "AE", "K"]), category: z.enum(TAX_CATEGORIES), percent: z.number(), exemption_reason: z.string().nullable(), net: minor(), tax: minor(), gross: minor() }),
    ),
  }),
  deposit: minor("The deposit asked on this option's gross"),
});

const quoteHeader = {
  id,
  number: z.string().nullable().meta({ description: "Taken on the first send, without gaps" }),
  revision: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  title: z.string(),
  introduction: z.string().nullable(),
  terms: z.string().nullable(),
  internal_notes: z.string().nullable().meta({ description: "Never shown to the customer" }),
  valid_until: z.iso.date().nullable(),
  currency: z.string(),
  deposit: percentOrAmount,
  customer: id,
  customer_name: z.string().nullable(),
  site: id.nullable(),
  project: id.nullable(),
  project_type: id.nullable(),
  owner: id,
  total: minor("The gross of the chosen option once approved, else of the first"),
  chosen_option: z.string().nullable(),
  sent: date.nullable(),
  viewed: date.nullable(),
  answered: date.nullable(),
  status_changed: date,
  ...scoped,
};

/** GET /project/{id}/lines: the lines agreed for a project, as one option of a quote reads. */
export const projectLinesView = z
  .object({
    currency: z.string(),
    quotes: z.array(z.uuid()).meta({ description: "The approved quotes the lines came from" }),
    sections: quoteOptionView.shape.sections,
    totals: quoteOptionView.shape.totals,
  })
  .meta({ id: "ProjectLines" });

export const quoteListItemView = z.object(quoteHeader).meta({ id: "QuoteListItem", description: "A quote's header and total, as lists show it" });

export const quoteView = z
  .object({
    ...quoteHeader,
    options: z.array(quoteOptionView),
    answers: z.array(
      z.object({
        answer: z.enum(QUOTE_ANSWERS),
        option: z.string().nullable(),
        optional_lines: z.array(z.string()),
        name: z.string().nullable(),
        comment: z.string().nullable(),
        revision: z.number().int(),
        revision_hash: z.string(),
        address: z.string().nullable(),
        user_agent: z.string().nullable(),
        answered: date,
        has_signature: z.boolean(),
      }),
    ),
  })
  .meta({ id: "Quote", description: "A quote to a customer: its options, sections and lines with their totals, and the customer's answers" });

export const visitItemView = z
  .object({
    id,
    visit: id,
    project: id,
    kind: z.enum(["time", "material"]),
    member: id.nullable().meta({ description: "Time: who worked" }),
    minutes: z.number().int().nullable().meta({ description: "Time: minutes worked" }),
    price_item: id.nullable(),
    name: z.string(),
    description: z.string().nullable(),
    quantity: z.number().meta({ description: "With at most three decimals; time: its minutes in hours (25 minutes: 0.417)" }),
    unit: z.enum(PRICE_UNITS),
    unit_price: minor("Minor units of the organization's currency (cents)"),
    tax: quoteLineView.shape.tax,
    net: minor("quantity × unit price, in minor units"),
    invoiced: z.boolean().meta({ description: "Billed by an invoice that is not void: it no longer changes" }),
    created_by: id.nullable(),
    created: date,
    updated: date,
  })
  .meta({ id: "VisitItem", description: "Time worked or a material used on a visit, priced as a line of an invoice" });

const invoiceTax = quoteLineView.shape.tax;
const invoiceLineView = quoteLineView.omit({ optional: true, selected: true }).extend({
  source: z
    .object({ kind: z.enum(["quote_line", "project_line", "visit"]), id: z.string() })
    .nullable()
    .meta({ description: "Where the line came from: a quote's line, a project's agreed line, a visit" }),
});

const invoiceHeader = {
  id,
  kind: z.enum(INVOICE_KINDS),
  number: z.string().nullable().meta({ description: "Taken at issue, without gaps (series invoice, or credit_note)" }),
  status: z.enum(INVOICE_STATUSES),
  title: z.string(),
  notes: z.string().nullable(),
  customer: id,
  customer_name: z.string().nullable(),
  site: id.nullable(),
  project: id.nullable(),
  quote: id.nullable(),
  corrects: id.nullable().meta({ description: "A credit note's invoice" }),
  owner: id,
  issue_date: z.iso.date().nullable(),
  due_date: z.iso.date().nullable().meta({ description: "Issue date + payment terms" }),
  payment_terms_days: z.number().int(),
  reminders: z.boolean().meta({ description: "Whether its automatic payment reminders go (before and after the due date); switchable once issued too" }),
  buyer_reference: z.string().nullable(),
  purchase_order: z.string().nullable(),
  currency: z.string(),
  total: minor("The gross (BT-112)"),
  paid: minor("The sum of payments recorded"),
  due: minor("What is left to pay: gross less deposits deducted, payments and credit notes"),
  hash: z.string().nullable().meta({ description: "SHA-256 of the document frozen at issue" }),
  issued: date.nullable(),
  sent: date.nullable(),
  viewed: date.nullable().meta({ description: "When the customer first opened its page" }),
  voided: date.nullable(),
  status_changed: date,
  ...scoped,
};

export const invoiceListItemView = z.object(invoiceHeader).meta({ id: "InvoiceListItem", description: "An invoice's header and figures, as lists show it" });

export const invoiceView = z
  .object({
    ...invoiceHeader,
    sections: z.array(z.object({ id: z.string(), title: z.string(), net: minor("The section's lines"), lines: z.array(invoiceLineView) })),
    allowances: z.array(z.object({ id: z.string(), charge: z.boolean(), reason: z.string(), amount: minor("Net, positive"), tax: invoiceTax })),
    totals: z.object({
      lines: minor("Sum of line nets (BT-106)"),
      allowances: minor("BT-107"),
      charges: minor("BT-108"),
      net: minor("BT-109"),
      tax: minor("BT-110"),
      gross: minor("BT-112"),
      prepaid: minor("Deposits deducted (BT-113)"),
      due: minor("BT-115, before payments"),
      groups: quoteOptionView.shape.totals.shape.groups,
    }),
    prepayments: z.array(z.object({ invoice: id, number: z.string(), issued: z.iso.date(), amount: minor() })),
    credit_notes: z.array(z.object({ id, number: z.string().nullable(), status: z.enum(INVOICE_STATUSES), total: minor() })),
  })
  .meta({ id: "Invoice" });

export const paymentView = z
  .object({
    id,
    invoice: id,
    customer: id.nullable(),
    method: z.enum(PAYMENT_METHODS),
    amount: minor(),
    currency: z.string(),
    paid_on: z.iso.date(),
    reference: z.string().nullable(),
    stripe_session: z.string().nullable(),
    created_by: id.nullable(),
    ...scoped,
  })
  .meta({ id: "Payment" });
