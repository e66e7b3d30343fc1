/**
 * What the route files cannot say about themselves: each operation's summary, its
 * tag, and what it answers on success. Requests (path, query, body) are read from
 * the route's own declaration (RouteSpec), so they are never written twice.
 */
import { apiTokenCreatedView, apiTokenView } from "@/lib/schemas/api-token";
import { automaticMessagePreviewView, automaticMessagesView, automaticMessageTestView } from "@/lib/schemas/automatic-messages";
import { calendarFeedCreatedView, calendarFeedView } from "@/lib/schemas/calendar-feed";
import type { z } from "@/lib/schemas/z";
import { z as zod } from "@/lib/schemas/z";
import {
  anyObject,
  conversationView,
  customerView,
  fileDetailsView,
  fileView,
  importReport,
  projectFileView,
  projectLinesView,
  listPage,
  locationView,
  memberView,
  messageView,
  organizationView,
  projectTypeView,
  projectView,
  roleView,
  sessionView,
  siteView,
  contactView,
  customerConsentView,
  visitView,
  visitItemView,
  timeOffView,
  taxRateView,
  priceItemView,
  quoteListItemView,
  quoteView,
  invoiceListItemView,
  invoiceView,
  paymentView,
} from "./views";
import { PUBLIC_INVOICE_OPERATIONS } from "./public-invoice";
import { PUBLIC_QUOTE_OPERATIONS } from "./public-quote";
import { STRIPE_OPERATIONS } from "./stripe";

export type Operation = {
  summary: string;
  description?: string;
  /** The body of a success; `null`: 204, no body; `"binary"`: the file's own bytes; `"xml"`: a TwiML answer; `"html"`: a page; `"calendar"`: iCalendar text. */
  response: z.ZodType | null | "binary" | "xml" | "html" | "calendar";
  /** Error statuses beyond those the route's declaration implies (document.ts `impliedErrors`). */
  errors?: number[];
  /** Empty success (204) also possible, e.g. nothing to do. */
  mayBeEmpty?: boolean;
};

const ageBuckets = {
  current: zod.number().int().meta({ description: "Not yet due" }),
  days_1_30: zod.number().int(),
  days_31_60: zod.number().int(),
  days_61_90: zod.number().int(),
  days_over_90: zod.number().int(),
  total: zod.number().int(),
};
const receivablesView = zod
  .object({
    as_of: zod.iso.date(),
    currency: zod.string(),
    totals: zod.object(ageBuckets),
    items: zod.array(zod.object({ customer: zod.uuid(), name: zod.string().nullable(), invoices: zod.number().int(), ...ageBuckets })),
  })
  .meta({ id: "AgedReceivables" });

const documentNumbersView = zod.object({ quote: zod.string(), invoice: zod.string(), credit_note: zod.string() }).meta({ id: "DocumentNumbers" });

const ref = { id: zod.uuid() };
/** What the optional `location` of a create means (lib/schemas/location.ts `newItemLocationSchema`). */
const NEW_ITEM_LOCATION =
  "`location` places the new item at a location the member may switch to, or null at the organization level; absent, at the session's location.";
const items = (item: z.ZodType) => zod.object({ items: zod.array(item) }).catchall(zod.unknown());

export const OPERATIONS: Record<string, Operation> = {
  "GET /openapi.json": { summary: "This API description (OpenAPI 3.1)", response: anyObject },
  "GET /health/ready": {
    summary: "Readiness",
    description: "The database answers, every migration is applied and the background jobs run; 503 names what is not.",
    response: zod.object({ status: zod.literal("ready"), checks: zod.record(zod.string(), zod.object({ ok: zod.boolean() }).catchall(zod.unknown())) }),
    errors: [503],
  },
  "GET /health": { summary: "Liveness", description: "The server answers; it reads nothing, so a load balancer may poll it often.", response: zod.object({ status: zod.literal("ok") }) },

  "POST /session": { summary: "Log in", response: sessionView, errors: [401, 429] },
  "GET /session": { summary: "The signed-in member, organization and location", response: sessionView },
  "PATCH /session": { summary: "Switch location", description: "`location`: a location id, or null for the organization level.", response: sessionView },
  "DELETE /session": { summary: "Log out", response: null },
  "POST /session/recovery": { summary: "Set a new password with an emailed recovery code", description: "Ends the other sessions and signs in.", response: sessionView, errors: [429] },
  "POST /otp/email": { summary: "Email a one-time sign-up code", description: "To an address that already has an account, a pointer to the login instead.", response: null, errors: [429] },
  "GET /session/providers": {
    summary: "The identity providers configured on this server",
    description: "Google and Microsoft each true when the server has its OAuth client; the log in and sign-up screens show only their buttons.",
    response: zod.object({ google: zod.boolean(), microsoft: zod.boolean() }),
  },
  "POST /otp/recovery": { summary: "Email a one-time recovery code", description: "The same answer whether or not an account uses the address.", response: null, errors: [429] },
  "POST /signup": { summary: "Create an organization and its first member, then sign in", response: sessionView, errors: [409, 429] },
  "GET /invitation/[token]": {
    summary: "Who an emailed invitation is for, and until when",
    description: "404 for a link that is unknown, expired, accepted, replaced by a newer one or revoked by the member's removal.",
    response: zod.object({ organization: zod.object({ name: zod.string() }), member: zod.object({ name: zod.string(), email: zod.string() }), expires: zod.iso.datetime() }),
    errors: [429],
  },
  "POST /invitation/[token]": { summary: "Accept an invitation: set the member's password and sign in", response: sessionView, errors: [429] },
  "POST /unsubscribe/[token]": {
    summary: "Turn off notification emails, or a customer's automated emails (one click from an email)",
    description: "The token says whose: a member's link answers `notification_emails`, a customer's `automated_emails`.",
    response: zod.union([zod.object({ notification_emails: zod.literal("never") }), zod.object({ automated_emails: zod.literal(false) })]),
    mayBeEmpty: true,
  },

  "GET /token": { summary: "The member's own API tokens", description: "Needs a browser session: API tokens cannot manage tokens.", response: items(apiTokenView) },
  "POST /token": {
    summary: "Create an API token",
    description: "The secret (`token`) is in this answer only; send it as `Authorization: Bearer <token>`. Needs a browser session.",
    response: apiTokenCreatedView,
  },
  "DELETE /token/[id]": { summary: "Revoke one of the member's own API tokens", description: "Needs a browser session.", response: null },
  "GET /calendar_feed": { summary: "The member's own calendar feeds", description: "Never their addresses. Needs a browser session.", response: items(calendarFeedView) },
  "POST /calendar_feed": {
    summary: "A new secret calendar address: the member's visits, or (admins) every visit of a location",
    description: "The address (`url`) is in this answer only. An earlier address of the same feed stops working. Needs a browser session.",
    response: calendarFeedCreatedView,
  },
  "DELETE /calendar_feed/[id]": { summary: "Turn one of the member's calendar feeds off", description: "Needs a browser session.", response: null },
  "GET /calendar/[token]": {
    summary: "A calendar feed's visits as iCalendar (RFC 5545), for a calendar app to subscribe to",
    description: "The secret address is the only credential; rate limited per feed and per client address.",
    response: "calendar",
    errors: [429],
  },
  "GET /notification": { summary: "The member's notifications, newest first", response: anyObject },
  "PATCH /notification": { summary: "Mark notifications read or remove them by ids", response: anyObject, mayBeEmpty: true },
  "GET /payment/export": {
    summary: "Export the payments of a period, for the accountant",
    description: "Needs the invoices privilege. `format` csv (default) or xlsx; `from` and `to` (days, both included) by payment date. One row per payment: date, invoice number, customer, method, amount (a decimal of the named currency), reference. At most 20,000 rows (409 beyond).",
    response: "binary",
    errors: [409],
  },
  "GET /dashboard": {
    summary: "The start page's figures at the session's location",
    description:
      "`invoices`: invoiced this month (the gross of invoices issued this month less the credit notes issued this month), paid this month (payments by their date), outstanding (left to pay on issued, sent, partly paid and overdue invoices) and overdue, in minor units of `currency`, each over the invoices the session's lists show.",
    response: anyObject,
  },
  "GET /dashboard/receivables": {
    summary: "Aged receivables: what each customer owes, by days past the due date",
    description: "Over the open invoices (issued, sent, partly paid, overdue) the session's lists show, as of today at the location's zone; the 500 customers owing most, first. Amounts in minor units of `currency`.",
    response: receivablesView,
  },
  "GET /history": { summary: "Who changed what on an item, newest first", response: items(anyObject) },

  "GET /organization/[id]": { summary: "The session's own organization", description: "Admins also get `inbound_email_url`.", response: organizationView },
  "PATCH /organization/[id]": { summary: "Change name, color, image, country; disconnect the mailbox", response: organizationView },
  "GET /organization/[id]/integrations": { summary: "Mailbox providers this server can connect, Twilio's webhook addresses, and whether Stripe takes card payments (with its webhook address)", response: anyObject },
  "POST /organization/[id]/oauth": { summary: "The provider's consent URL for connecting the mailbox", response: zod.object({ url: zod.string() }) },
  "POST /organization/[id]/mailbox/sync": { summary: "Read the connected mailbox now, in the background", response: null },
  "POST /organization/[id]/inbound_token": { summary: "A new inbound email address; the old one stops working", response: zod.object({ inbound_email_url: zod.string() }) },
  "GET /organization/[id]/document_numbers": {
    summary: "The format of quote, invoice and credit note numbers",
    description: "Every member may read them. `{YYYY}` or `{YY}` is the year and `{MM}` the month of the document's date at the organization's time zone, `{0000}` the counter with at least that many digits; a format naming the year counts from 1 each year.",
    response: documentNumbersView,
  },
  "PATCH /organization/[id]/document_numbers": {
    summary: "Change the format of document numbers (admins)",
    description: "The next number taken follows the new format; numbers already given stay, and counters go on. A format needs exactly one counter token and no other braces (400 naming the problem).",
    response: documentNumbersView,
  },
  "GET /organization/[id]/automatic_messages": {
    summary: "The messages that send themselves to customers about visits",
    description:
      "Every member may read them. Each trigger's email subject and body and text message are the organization's own where `customized` says so, else the defaults in the organization's language (a customer with a language of their own gets the defaults in theirs). Placeholders are written `{{customer.name}}`; `{{#name}}…{{/name}}` shows its text only when the placeholder has a value, `{{^name}}…{{/name}}` only when it has none. `sample` gives each placeholder's value for the sample visit previews use.",
    response: automaticMessagesView,
  },
  "PATCH /organization/[id]/automatic_messages": {
    summary: "Change automatic messages: switches, texts, reminders, quiet hours, review link",
    description:
      "Any part; a text set to null (or to the default) goes back to the default. A text naming a placeholder its trigger does not know is refused with a 400 naming it. An email with a body needs a subject; an empty body or text message sends nothing on that channel. Up to two reminders, each `hours_before` or `days_before_at` a local time; `quiet_hours: null` switches quiet hours off.",
    response: automaticMessagesView,
  },
  "POST /organization/[id]/automatic_messages/preview": {
    summary: "A trigger's message filled in for a sample visit, nothing saved",
    description: "Texts left out are the saved ones. `sms_count` gives the text message's encoding and the parts it is billed as.",
    response: automaticMessagePreviewView,
  },
  "POST /organization/[id]/automatic_messages/test": {
    summary: "Send a trigger's message for a sample visit to oneself",
    description:
      "Email goes to the member's own address, a text message to the `phone` given. Texts left out are the saved ones. Counts against the sending quotas (429 past one); a provider's refusal is answered as that channel's `failed` outcome with its reason.",
    response: automaticMessageTestView,
    errors: [429],
  },

  "GET /location": { summary: "List locations", response: listPage(locationView) },
  "POST /location": { summary: "Create a location", response: locationView },
  "GET /location/[id]": { summary: "One location", response: locationView },
  "PATCH /location/[id]": { summary: "Change a location's name, status or sharing", response: locationView },

  "GET /role": { summary: "List roles", response: listPage(roleView) },
  "POST /role": { summary: "Create a role", response: roleView, errors: [409] },
  "GET /role/[id]": { summary: "One role", response: roleView },
  "PATCH /role/[id]": { summary: "Change a role's name, privileges, status or sharing", response: roleView },

  "GET /member": { summary: "List members", description: "Optionally of some roles.", response: listPage(memberView) },
  "POST /member": { summary: "Create a member", description: `${NEW_ITEM_LOCATION} A member at a location works there only.`, response: memberView, errors: [409] },
  "GET /member/[id]": { summary: "One member", response: memberView },
  "PATCH /member/[id]": { summary: "Change a member", description: "Own profile fields, or anything with members_manage.", response: memberView, errors: [429] },
  "POST /member/[id]/invitation": {
    summary: "Email a member a new invitation to set a password",
    description: "For an active member without a password. The link works for 7 days; the previous one stops working.",
    response: memberView,
    errors: [409],
  },
  "POST /member/[id]/code": { summary: "Email one's own confirmation code", description: "For members without a password.", response: null, errors: [409, 429] },

  "GET /customer": { summary: "List customers", description: "The sharing filter may also be spelled `shared`.", response: listPage(customerView) },
  "POST /customer": {
    summary: "Create a customer",
    description: `${NEW_ITEM_LOCATION} A customer created with an address gets it as its first site.`,
    response: customerView,
  },
  "GET /customer/[id]": { summary: "One customer", response: customerView },
  "PATCH /customer/[id]": {
    summary: "Change a customer's details, status or sharing",
    description:
      "A changed address carries over to the customer's active sites that still read as the old one; a customer that gets an address and has no active site gets its first.",
    response: customerView,
  },
  "GET /customer/[id]/consent": {
    summary: "Whether the customer may be sent automated emails, and texts at each of its numbers",
    description: "A number opted out by replying STOP, by the carrier refusing a text (Twilio error 21610), or by staff; only the customer's START opts it back in.",
    response: customerConsentView,
  },
  "POST /customer/[id]/sms_opt_out": {
    summary: "Record that the customer asked not to be texted",
    description: "At `phone` (one of its numbers on file), else its own phone. Needs edit access to the customer. Staff cannot opt a number back in.",
    response: customerConsentView,
  },
  "GET /customer/[id]/activity": { summary: "The customer's messages, project changes, history and files, newest first", response: items(anyObject) },
  "GET /customer/[id]/site": {
    summary: "The customer's sites, the first made first",
    description: "Active sites unless `status` says otherwise. A site is seen as its customer is.",
    response: listPage(siteView),
  },
  "POST /customer/[id]/site": {
    summary: "Add a site to a customer",
    description:
      "Needs edit access to the customer. Without `time_zone` the site takes its country's (where the country has one), else the business details' of the customer's location, else the organization's, else UTC.",
    response: siteView,
  },
  "GET /customer/[id]/site/[siteId]": { summary: "One site of the customer", response: siteView },
  "PATCH /customer/[id]/site/[siteId]": {
    summary: "Change a site, or remove it (status)",
    description:
      "Needs edit access to the customer. Removing a site keeps it and its history; it is refused (409) while open projects are at it, and for the last active site of a customer with an address.",
    response: siteView,
  },
  "GET /customer/[id]/site/[siteId]/history": { summary: "Who changed what on a site, newest first", response: items(anyObject) },
  "GET /customer/[id]/contact": {
    summary: "The customer's contacts, the first made first",
    description: "Active contacts unless `status` says otherwise. The customer's own email and phone are its primary contact and are not listed here.",
    response: listPage(contactView),
  },
  "POST /customer/[id]/contact": {
    summary: "Add a contact to a customer",
    description:
      "Needs edit access to the customer. The phone is read with the organization's country and stored in E.164. A preferred channel needs its email or phone; receiving quotes or invoices needs an email. Inbound email and texts from a contact's address or number reach the customer's conversations, and messages may be sent to any of its active contacts.",
    response: contactView,
  },
  "GET /customer/[id]/contact/[contactId]": { summary: "One contact of the customer", response: contactView },
  "PATCH /customer/[id]/contact/[contactId]": { summary: "Change a contact, or remove it (status)", description: "Needs edit access to the customer.", response: contactView },
  "GET /customer/[id]/contact/[contactId]/history": { summary: "Who changed what on a contact, newest first", response: items(anyObject) },
  "POST /customer/import": {
    summary: "Import customers from a .csv or .xlsx file",
    description:
      "Multipart: `file`, `mappings` (JSON), `skipInvalid`, `matchBy`, `dryRun`. A row whose mapped `id` (the export's ID column) is a customer's updates that customer, whatever its email; the other rows are matched by email with `matchBy=email`, else added. Without `skipInvalid`, a file with a row at fault imports nothing and answers 422 with the report; a dry run answers 200 with it.",
    response: importReport,
    errors: [422],
  },

  "GET /project_type": { summary: "List project types", response: listPage(projectTypeView) },
  "POST /project_type": { summary: "Create a project type with one status, Open", response: projectTypeView },
  "GET /project_type/[id]": { summary: "One project type with its statuses, fields and workflows", response: projectTypeView },
  "PATCH /project_type/[id]": { summary: "Change a project type's details, statuses, fields or workflows", response: projectTypeView },

  "GET /project": {
    summary: "List projects",
    description: "With exactly one `type`, `field` filters on its custom fields and `sort=field.<id>:asc|desc` sorts by one of them (by value: numbers, dates and instants as such); such a sort pages by skip, never by cursor.",
    response: listPage(projectView),
  },
  "POST /project": {
    summary: "Create a project",
    description: `Every active member may. ${NEW_ITEM_LOCATION} \`site\` is an active site of the project's customer; absent, the customer's first.`,
    response: projectView,
  },
  "GET /project/[id]": { summary: "One project", response: projectView },
  "PATCH /project/[id]": {
    summary: "Change a project",
    description: "Owners edit their own projects, projects_manage edits any. A new customer without a `site` brings its first site.",
    response: projectView,
  },
  "GET /project/[id]/file": { summary: "The photos and files kept with a project, newest first", response: items(projectFileView) },
  "POST /project/[id]/file": {
    summary: "Keep an upload with a project",
    description: "Upload with POST /file first. The project's editors may, and so may a member assigned to one of its visits (naming it in `visit`).",
    response: projectFileView,
  },
  "GET /project/[id]/lines": {
    summary: "The lines agreed for a project",
    description: "The lines of the option its customer approved on a quote (and the optional lines they ticked), in order, with each line's net and the totals per tax rate.",
    response: projectLinesView,
  },
  "GET /project/[id]/workflow": { summary: "The workflows this member can run on the project now", response: items(anyObject) },
  "POST /project/[id]/workflow/[workflowId]": { summary: "Run a workflow on a project", response: projectView },
  "POST /project/import": {
    summary: "Import projects from a .csv or .xlsx file",
    description:
      "Multipart: `file`, `mappings` (JSON), `skipInvalid`, `dryRun`. Without `skipInvalid`, a file with a row at fault imports nothing and answers 422 with the report; a dry run answers 200 with it.",
    response: importReport,
    errors: [422],
  },

  "GET /visit": {
    summary: "List visits in time order",
    description:
      "A visit matches `from`/`to` when it overlaps [from, to); instants as they are, dates (YYYY-MM-DD) as wall clock at each visit's own time zone; an any-time visit spans its day and comes first among the day's. `member`, `location`, `project`, `customer`: any of the given ids, each filter narrowing the list; `or_member` widens `location` by the visits assigned to one of its members wherever they are (`location=A&or_member=B`: at A, or B's). `unscheduled=true`: visits with neither start nor day. Seen as their projects are shared. `cursor` is read as `after`.",
    response: listPage(visitView),
  },
  "POST /visit": {
    summary: "Schedule a visit of a project",
    description:
      "Needs what editing the project needs. `start`/`end`: instants with an offset, or wall clock YYYY-MM-DDTHH:mm at the visit's time zone (a wall clock the clocks skip is a 400; one they pass twice is its first). `day` instead of start: any time that day. `site` defaults to the project's. Clashes come in the answer, never as an error.",
    response: visitView,
  },
  "GET /visit/[id]": { summary: "One visit, with its clashes", response: visitView },
  "PATCH /visit/[id]": {
    summary: "Move, reassign or change a visit",
    description: "Needs what editing the project needs; a member assigned to the visit may always change its `status`. A new start clears the day and a new day clears start and end.",
    response: visitView,
  },
  "GET /visit/[id]/item": { summary: "What was used on a visit: time worked and materials", response: items(visitItemView) },
  "POST /visit/[id]/item": {
    summary: "Record time worked or a material used on a visit",
    description:
      "The visit's editors and its assigned members may. `kind` time: `minutes` and `member` (the caller when left out), priced per hour by `price_item`. `kind` material: `quantity` of a `price_item` or of a free `name` with `unit` and `unit_price`. What is left out is taken from the price item; the tax rate is the item's, else the organization's default. The next invoice made from the project, once the visit is completed, adds it as a line.",
    response: visitItemView,
    errors: [409],
  },
  "PATCH /visit/[id]/item/[itemId]": { summary: "Change time or a material recorded on a visit", description: "409 once an invoice that is not void bills it.", response: visitItemView, errors: [409] },
  "DELETE /visit/[id]/item/[itemId]": { summary: "Remove time or a material recorded by mistake", description: "409 once an invoice that is not void bills it.", response: null, errors: [409] },
  "GET /visit/[id]/history": { summary: "Who changed what on a visit, newest first", response: items(anyObject) },

  "GET /time_off": {
    summary: "List members' time off in time order",
    description: "Active by default. A time off matches `from`/`to` when it overlaps [from, to); a date covers that day in every time zone.",
    response: listPage(timeOffView),
  },
  "POST /time_off": {
    summary: "Add time off",
    description: "A member adds their own; anyone else's needs members_manage. `start`/`end` instants, or `all_day: true` with `start_day`/`end_day` (inclusive) read at the member's location's time zone.",
    response: timeOffView,
  },
  "GET /time_off/[id]": { summary: "One time off", response: timeOffView },
  "PATCH /time_off/[id]": { summary: "Change or remove (status) a time off", description: "The member's own, or anyone's with members_manage.", response: timeOffView },
  "GET /time_off/[id]/history": { summary: "Who changed what on a time off, newest first", response: items(anyObject) },

  "GET /tax_rate": {
    summary: "List the organization's tax rates, highest first",
    description: "Active ones by default. An organization's first read gives it the rates of its country (none known: one 0 % rate), the standard one the default.",
    response: listPage(taxRateView),
  },
  "POST /tax_rate": {
    summary: "Add a tax rate",
    description: "Admins. `percent` with at most three decimals; zero, exempt and reverse charge rates are 0 %, exempt ones need an `exemption_reason`. `default: true` makes it the default instead of the one before.",
    response: taxRateView,
  },
  "GET /tax_rate/[id]": { summary: "One tax rate", response: taxRateView },
  "PATCH /tax_rate/[id]": {
    summary: "Change a tax rate, make it the default, or archive it",
    description: "Admins. The default cannot be archived, and stops being the default only when another becomes it.",
    response: taxRateView,
  },

  "GET /price_item": {
    summary: "List the price book",
    description: "Active items by default; `search` matches name, description and category, `category` (repeatable) filters by category.",
    response: listPage(priceItemView),
  },
  "POST /price_item": {
    summary: "Add an item or service to the price book",
    description: "Admins. Amounts in minor units of the organization's currency. Give `unit_price`, or `unit_cost` and `markup` (percent) and the price follows; given both, they must agree. Without `tax_rate`, the organization's default.",
    response: priceItemView,
  },
  "GET /price_item/[id]": { summary: "One item of the price book", response: priceItemView },
  "PATCH /price_item/[id]": {
    summary: "Change or archive an item of the price book",
    description: "Admins. A `markup` sets the price from the cost (the new one, if given with it).",
    response: priceItemView,
  },
  "GET /price_item/categories": { summary: "The categories of the price book's items, for suggestions", response: zod.object({ items: zod.array(zod.string()) }) },
  "POST /price_item/import": {
    summary: "Import price items from a .csv or .xlsx file",
    description: "Multipart: `file`, `mappings` (field to column index), `skipInvalid`, `dryRun`. Amounts in the currency's units (12.50); a row with an item's ID updates that item.",
    response: importReport,
    errors: [422, 429],
  },

  "GET /quote": {
    summary: "List quotes, as their customers are shared",
    description: "Every status by default; `customer` and `project` (repeatable) filter, `search` matches number and title. Items carry the header and `total`, not the options.",
    response: listPage(quoteListItemView),
  },
  "POST /quote": {
    summary: "Write a quote to a customer",
    description:
      "Needs customers_manage. Quantities and percentages as numbers with at most three decimals, amounts in minor units. A line naming a `price_item` takes what it leaves out (name, description, unit, unit_price, unit_cost, tax_rate) from the item; a free line needs name, unit and unit_price. Without `tax_rate`, the organization's default; the rate is copied into the line. Ids of options, sections and lines left out are made. The currency is the organization's; `valid_until` defaults to 30 days from today at the organization's zone; `owner` to the caller.",
    response: quoteView,
  },
  "GET /quote/[id]": { summary: "One quote, with its options, totals and the customer's answers", response: quoteView },
  "PATCH /quote/[id]": {
    summary: "Change a draft quote",
    description: "Needs customers_manage. Only a draft changes (409 otherwise: revise it first). `options`, when given, replace the content whole; lines keep their tax rate's copy while they name the same rate.",
    response: quoteView,
    errors: [409],
  },
  "GET /invoice": {
    summary: "List invoices and credit notes, as their customers are shared",
    description: "Every status by default; `customer`, `project` and `quote` (repeatable) filter, `search` matches number, title, buyer reference and purchase order. Items carry the header and figures, not the lines.",
    response: listPage(invoiceListItemView),
  },
  "POST /invoice": {
    summary: "Write a draft invoice",
    description:
      "Needs the invoices privilege and edit access to the customer. `from`: `blank` (the customer and lines given, read as a quote's lines are), `quote` (an approved quote's chosen lines with the optional lines the customer ticked, less every issued deposit invoice of it), `deposit` (the quote's deposit: one line per tax rate, the deposit's share of each) or `project` (the lines agreed for the project). Payment terms default to 14 days.",
    response: invoiceView,
    errors: [409],
  },
  "GET /invoice/[id]": { summary: "One invoice, with its lines, totals per tax rate, deductions and credit notes", response: invoiceView },
  "PATCH /invoice/[id]": {
    summary: "Change a draft invoice, or switch its payment reminders",
    description:
      "Needs the invoices privilege. Only a draft changes (409 once issued: correct it by a credit note). `sections` and `allowances`, when given, replace the content; a credit note's lines do not change. `reminders` (its automatic payment reminders) is no part of the document and may be switched at any status, alone.",
    response: invoiceView,
    errors: [409],
  },
  "GET /invoice/[id]/history": { summary: "Who changed, issued, credited and paid an invoice, newest first", response: items(anyObject) },
  "GET /invoice/export": {
    summary: "Export the issued invoices and credit notes of a period, for the accountant",
    description:
      "Needs the invoices privilege. `format` csv (default) or xlsx; `from` and `to` (days, both included) by issue date. One row per invoice: number, kind, status, customer, VAT id, dates, currency, net, tax, gross, deposits deducted, paid, due, then a net and a tax column per tax rate and category; the XLSX adds a sheet with one row per invoice and rate. Amounts are decimals of the named currency, from the same totals as the API. At most 20,000 rows (409 beyond).",
    response: "binary",
    errors: [409],
  },
  "POST /invoice/[id]/issue": {
    summary: "Issue a draft invoice",
    description:
      "Needs the invoices privilege. In one transaction: the next number of its series (gapless), the issue date (today at the organization's zone unless given; an earlier day for an invoice entered late; 400 when after today, or before the last document of its series was dated, so that numbers follow dates), the due date (issue date + payment terms), the document frozen with its SHA-256. An invoice whose due date has already passed is `overdue` at once; overdue reminders whose day has passed are skipped, unless `remind_overdue` is true: then the first of them goes at once. A credit note lowers what its invoice has left to pay, and voids it when it takes back every line.",
    response: invoiceView,
    errors: [409],
  },
  "POST /invoice/[id]/void": {
    summary: "Void an invoice",
    description: "Needs the invoices privilege. A draft is void without a number; an issued invoice is voided by a credit note of all its lines not yet taken back, made and issued at once (`credit_note`). Refused (409) while payments are recorded.",
    response: invoiceView.extend({ credit_note: zod.uuid().nullable() }),
    errors: [409],
  },
  "POST /invoice/[id]/credit": {
    summary: "A draft credit note of an issued invoice",
    description: "Needs the invoices privilege. For every line not yet credited, or for the `lines` named (409 when one is credited already); document allowances go with the last lines. Issue it with POST /invoice/{id}/issue.",
    response: invoiceView,
    errors: [409],
  },
  "GET /invoice/[id]/pdf": {
    summary: "An invoice's PDF",
    description: "An issued invoice's from the document frozen at issue; a draft renders its current content as a preview marked DRAFT. Always the plain PDF (the Factur-X one is GET /invoice/{id}/einvoice?format=facturx).",
    response: "binary",
  },
  "GET /invoice/[id]/einvoice": {
    summary: "An issued invoice's e-invoice",
    description:
      "`format`: `facturx` (the PDF as PDF/A-3 with the EN 16931 CII XML embedded as factur-x.xml), `xrechnung` (CII XML, XRechnung 3.0 CIUS) or `ubl` (Peppol BIS Billing 3.0). 409 for a draft, and when the invoice lacks what the format requires: `details` names each missing item in words, `missing` lists the EN 16931 business terms.",
    response: "binary",
    errors: [409],
  },
  "POST /invoice/[id]/send": {
    summary: "Send an issued invoice to its customer by email or text message, with a link to its page",
    description:
      "Needs the invoices privilege. An issued, sent, partly paid or overdue invoice (409 otherwise); an issued one becomes sent. Older links end and a new one is made. The message (amount due, due date, link; in the customer's language unless `subject`/`message` are given) goes into the customer's conversation on that channel to `to`, else the customer's own address or number. An email carries the PDF, and the customer's e-invoice format: Factur-X replaces the PDF by the Factur-X PDF, XRechnung and UBL add the XML (409 naming what is missing when the invoice lacks data for it).",
    response: invoiceView.extend({ message: zod.object({ id: zod.uuid(), conversation: zod.uuid() }) }),
    errors: [409, 429],
  },
  "GET /payment": {
    summary: "List payments, as their invoices are shared",
    description: "`invoice`, `customer` and `method` (repeatable) filter; newest payment date first.",
    response: listPage(paymentView),
  },
  "POST /payment": {
    summary: "Record a payment of an issued invoice",
    description: "Needs the invoices privilege and edit access to the invoice. More than zero and no more than is due (400 otherwise); the invoice becomes partly paid or paid in the same transaction. The date defaults to today at the organization's zone.",
    response: paymentView,
    errors: [409],
  },
  "GET /payment/[id]": { summary: "One payment", response: paymentView },
  "DELETE /payment/[id]": { summary: "Delete a payment recorded by mistake", description: "Needs the invoices privilege. Its invoice's paid and due figures and status are as they were without it.", response: null },
  "GET /quote/[id]/history": { summary: "Who changed, sent and revised a quote, newest first", response: items(anyObject) },
  "POST /quote/[id]/send": {
    summary: "Send a quote to its customer by email (with its PDF) or text message, with a link to its page",
    description:
      "Needs customers_manage. A draft takes its number on its first send and its revision is frozen (the document and its SHA-256); a sent or viewed quote is sent again as it was. Older links end and a new one is made, ending with `valid_until`. The message goes into the customer's conversation on that channel (a new one when there is none) to `to`, else the customer's own address or number, and is delivered as any staff message, its state shown there.",
    response: quoteView.extend({ message: zod.object({ id: zod.uuid(), conversation: zod.uuid() }) }),
    errors: [409, 429],
  },
  "POST /quote/[id]/revise": {
    summary: "Start the next revision of a sent quote as a draft",
    description: "Needs customers_manage. From sent, viewed, changes requested, declined or expired; an approved quote is final (409). The customer's link shows the revision sent until the next send.",
    response: quoteView,
    errors: [409],
  },
  "POST /quote/[id]/link": {
    summary: "A fresh link to the customer's page of a sent quote",
    description: "Needs customers_manage. Older links end. 409 before the first send or once expired.",
    response: zod.object({ url: zod.string(), token: zod.string(), expires: zod.iso.datetime({ offset: true }).nullable() }),
    errors: [409],
  },
  "GET /quote/[id]/pdf": {
    summary: "A quote's PDF",
    description: "The last revision sent, or `revision`; an approved quote's with the customer's choice and signature. A draft renders its current content as a preview marked DRAFT.",
    response: "binary",
  },

  "GET /conversation": { summary: "List conversations", response: listPage(conversationView) },
  "GET /conversation/[id]": { summary: "One conversation", response: conversationView },
  "PATCH /conversation/[id]": {
    summary: "Mark read or unread (for the caller), close or re-open a conversation; change its title, customer or sharing",
    description: "`unread: 0` marks the conversation read and `unread: 1` unread again (its latest message, when the caller has read them all), for the caller only. A conversation with a customer is shared as its customer is: its `sharing` cannot be set, and linking a customer moves it where the customer lives.",
    response: zod.object({ reference: zod.string() }),
  },
  "GET /message": { summary: "Conversations' messages, oldest first", description: "Query `conversation` (repeatable) and `limit` (up to 1000).", response: zod.object({ items: zod.array(messageView) }) },
  "POST /message": { summary: "Write a message", description: "JSON, or multipart with attachments; to a customer it starts a conversation. Email and SMS go to the customer or to whoever wrote into the conversation (anyone else needs `messages_any_recipient`), within the sending quotas (429 past one).", response: zod.object({ id: zod.uuid(), conversation: zod.uuid() }) },
  "GET /message/[id]/html": {
    summary: "An inbound email's HTML as a page of its own",
    description:
      "The sanitized HTML, served with a Content-Security-Policy that loads nothing remote; with `remote_images=true`, https images too. Screens show it in a sandboxed frame. 404 for a message without HTML.",
    response: "html",
  },
  "POST /message/[id]/retry": { summary: "Send a failed outgoing message again", description: "Counts against the sending quotas (429 past one).", response: zod.object(ref) },

  "GET /file": {
    summary: "List the files the caller may see",
    description: "A file is seen where it is used: an attachment with its conversation, member and organization pictures by everyone, an upload used nowhere by its uploader and admins.",
    response: listPage(fileView),
  },
  "POST /file": { summary: "Upload one file", description: "Multipart, field `file`.", response: fileView },
  "GET /file/[id]": { summary: "A file's details and where it is used", response: fileDetailsView },
  "PATCH /file/[id]": { summary: "Remove a file: its bytes are deleted, its record stays", response: fileView },
  "GET /file/[id]/download": { summary: "The file's bytes", response: "binary", errors: [410] },
  "GET /file_stats": {
    summary: "Bytes kept, by category",
    description: "Admins: the whole organization, with its quota. Others: the files they may see, with no quota.",
    response: anyObject,
  },

  "POST /inbound/email/[token]": {
    summary: "Receive one email",
    description: "A mail provider posts one raw message (message/rfc822) to the organization's secret address.",
    response: zod.object({ id: zod.uuid(), conversation: zod.uuid(), duplicate: zod.boolean() }),
    errors: [429],
  },
  "POST /inbound/email": {
    summary: "Receive one reply sent to a reply address",
    description:
      "The host's mail service posts one raw message (message/rfc822) that arrived for `INBOUND_EMAIL_DOMAIN`, authenticated by `INBOUND_EMAIL_SECRET` as the password of HTTP basic auth or the `X-Inbound-Secret` header. The message joins the conversation its `reply+…` recipient names. 404 when the server has no inbound domain, or no recipient is a reply address of it.",
    response: zod.object({ id: zod.uuid(), conversation: zod.uuid(), duplicate: zod.boolean() }),
    errors: [401, 404, 429],
  },
  "POST /inbound/sms/twilio/[token]": {
    summary: "Receive one text from Twilio (signed form post)",
    description:
      "A text that is only STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT (any case) opts its number out of texts, START or UNSTOP back in (Twilio confirms both itself); HELP is answered with the organization's name and phone.",
    response: "xml",
    errors: [429],
  },
  "POST /inbound/sms/twilio/status": {
    summary: "Twilio reports the delivery of a text (signed form post)",
    description: "Error 21610 (the number unsubscribed) also opts the number out of texts.",
    response: null,
    errors: [404, 429],
  },
  ...PUBLIC_QUOTE_OPERATIONS,
  ...STRIPE_OPERATIONS,
  ...PUBLIC_INVOICE_OPERATIONS,
};
