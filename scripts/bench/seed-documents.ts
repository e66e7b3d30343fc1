// The price book, quotes, invoices and their payments of the benchmark organization,
// written with set-based SQL as the rest of the seed (BENCHMARKS.md, "Quotes, invoices
// and the price book").
import type { Pool } from "pg";
import type { QuoteContent, QuoteLine, QuoteLineTax } from "@/lib/schemas/quote-content";
import type { InvoiceContent, InvoiceLine } from "@/lib/schemas/invoice-content";
import { invoiceFigures } from "@/lib/services/invoice";
import { quoteTotal } from "@/lib/services/quote-content";
import { BENCH_ORGANIZATION, bulkLoad, step } from "./seed-steps";

export type DocumentSize = { quotes: number; invoices: number; priceItems: number };

const CURRENCY = "USD";

const MATERIALS = [
  "Copper pipe", "PEX pipe", "PVC waste pipe", "Ball valve", "Gate valve", "Thermostatic radiator valve", "Radiator",
  "Towel rail", "Combi boiler", "Expansion vessel", "Pressure reducing valve", "Water heater", "Shower mixer",
  "Basin tap", "Kitchen sink", "Toilet suite", "Cistern", "Drain rod", "Gully trap", "Gutter", "Downpipe",
  "Roof tile", "Ridge tile", "Roofing felt", "Flashing", "Circuit breaker", "RCD", "Consumer unit", "Twin and earth cable",
  "Socket outlet", "Light switch", "Downlight", "Junction box", "Smoke alarm", "Extractor fan", "Plasterboard",
  "Insulation roll", "Tile adhesive", "Grout", "Floor tile", "Wall tile", "Silicone sealant", "Timber stud",
  "Skirting board", "Door hinge", "Fixings pack",
];
const SPECS = ["15 mm", "22 mm", "28 mm", "32 mm", "1 m", "2 m", "3 m", "small", "medium", "large", "white", "chrome", "brass", "grade A", "heavy duty"];
const BRANDS = ["Acme", "ProFit", "Hydra", "Voltline", "Stormguard", "Baxter", "Kingspan", "Corris", "Fernox", "Unbranded"];
const CATEGORIES = ["Plumbing", "Heating", "Drainage", "Roofing", "Electrical", "Lighting", "Carpentry", "Tiling", "Insulation", "Fixings"];
const UNITS = ["piece", "piece", "piece", "metre", "square_metre", "kilogram", "litre", "flat"];
const LABOUR = ["Labour", "Call-out", "Apprentice labour", "Disposal of waste", "Site survey"];
const WORK = ["Boiler replacement", "Bathroom refit", "Kitchen plumbing", "Roof repair", "Rewire", "Leak repair", "Heating upgrade", "Drain clearance", "Consumer unit upgrade", "Tiling"];
const OPTION_NAMES = ["Standard", "Premium", "Essential"];

/** A small deterministic generator, so every seed writes the same templates. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

type Item = { id: string; name: string; unit: string; unit_price: number; unit_cost: number | null };

/** Lines as the editor writes them from the price book: a few items and the labour, some optional. */
function lines(next: () => number, items: Item[], labour: Item[], tax: QuoteLineTax, prefix: string, count: number): QuoteLine[] {
  return Array.from({ length: count }, (_, n) => {
    const item = n === 0 ? labour[Math.floor(next() * labour.length)] : items[Math.floor(next() * items.length)];
    return {
      id: `${prefix}l${n}`,
      price_item: item.id,
      name: item.name,
      description: n === 0 ? "Two engineers on site" : null,
      quantity: (1 + Math.floor(next() * 8)) * (item.unit === "metre" ? 2500 : 1000),
      unit: item.unit,
      unit_price: item.unit_price,
      unit_cost: item.unit_cost,
      discount: next() < 0.15 ? { percent_milli: 10_000 } : null,
      tax,
      optional: n > 1 && next() < 0.15,
      selected: true,
    };
  });
}

/** Quote contents of one to three options, each one or two sections of two to eight lines. */
function quoteTemplates(items: Item[], labour: Item[], tax: QuoteLineTax, count: number): { content: QuoteContent; total: number }[] {
  const next = random(7);
  return Array.from({ length: count }, () => {
    const options = Array.from({ length: 1 + Math.floor(next() * next() * 3) }, (_, o) => ({
      id: `o${o}`,
      name: OPTION_NAMES[o],
      description: o === 0 ? null : "Longer warranty and better fittings",
      sections: Array.from({ length: 1 + Math.floor(next() * 2) }, (_, s) => ({
        id: `o${o}s${s}`,
        title: s === 0 ? "Materials and labour" : "Making good",
        lines: lines(next, items, labour, tax, `o${o}s${s}`, 2 + Math.floor(next() * 7)),
      })),
    }));
    const content = { options };
    return { content, total: quoteTotal(content, CURRENCY, null, null) };
  });
}

/** Invoice contents: one or two sections of two to ten lines, sometimes a call-out charge. */
function invoiceTemplates(items: Item[], labour: Item[], tax: QuoteLineTax, count: number): { content: InvoiceContent; total: number }[] {
  const next = random(11);
  return Array.from({ length: count }, () => {
    const sections = Array.from({ length: 1 + Math.floor(next() * 2) }, (_, s) => ({
      id: `s${s}`,
      title: s === 0 ? "Work done" : "Materials",
      lines: lines(next, items, labour, tax, `s${s}`, 2 + Math.floor(next() * 9)).map(
        ({ optional: _optional, selected: _selected, ...line }): InvoiceLine => ({ ...line, source: null }),
      ),
    }));
    const allowances = next() < 0.2 ? [{ id: "a0", charge: true, reason: "Call-out fee", amount: 4500, tax }] : [];
    const content = { sections, allowances };
    return { content, total: invoiceFigures(content, CURRENCY, []).total };
  });
}

/** A counter as a number format's {0000} writes it: four digits at least, never cut (lpad would). */
const digits = (n: string) => `lpad((${n})::text, greatest(4, length((${n})::text)), '0')`;

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
const pick = (values: readonly string[], r: string) => `(${textArray(values)})[1 + floor(${r} * ${values.length})::int]`;

const TEMPLATES = 40;

/**
 * $2 documents in creation order over three years (`r`): each with random values for its
 * status (`s`), owner and work, and `more` of them; an active customer (`buyer`) and a template.
 */
const documentRows = (more: string) => `(
  select g, random() as s, random() as owner, random() as work, ${more},
    1 + floor(random() * (select count(*) from bench_buyer))::int as buyer, floor(random() * ${TEMPLATES})::int as template,
    -- In days: '3 years' / n is a fraction of a month, counted as 30 days, which would end the span 16 days ago.
    now() - interval '1096 days' + (g + random()) * (interval '1096 days' / $2::int) as created
  from generate_series(1, $2::int) g
) r`;

/**
 * Two tax rates, the price book (`size.priceItems`: materials by category and brand, and
 * labour), quotes and invoices spread over the customers' three years in creation order,
 * numbered per year as the app numbers them, and a payment for each paid invoice. A
 * document takes its customer's location and sharing (the triggers' copies) and one of a
 * few dozen contents written from the price book, whose totals the app's own functions
 * compute. Issued invoices keep their content as their frozen document's.
 */
export async function seedDocuments(pool: Pool, organizationId: string, size: DocumentSize) {
  console.log(`Seeding ${size.priceItems} price items, ${size.quotes} quotes, ${size.invoices} invoices…`);
  await bulkLoad(pool, { tables: ["quote", "invoice", "payment"], seed: 0.3131, analyze: ["price_item", "tax_rate", "quote", "invoice", "payment", "document_counter"] }, async (client) => {
    // Documents are written in the organization's currency.
    await client.query(`update organization set business = business || '{"currency":"${CURRENCY}"}'::jsonb where id = $1`, [organizationId]);
    const { rows: rates } = await client.query<{ id: string; name: string; percent_milli: number; category: QuoteLineTax["category"] }>(
      `insert into tax_rate (organization_id, name, percent_milli, category, exemption_reason, is_default) values
         ($1, 'Sales tax', 8250, 'standard', null, true),
         ($1, 'Exempt', 0, 'exempt', 'Labour is not taxed', false)
       returning id, name, percent_milli, category`,
      [organizationId],
    );
    const tax: QuoteLineTax = { id: rates[0].id, name: rates[0].name, category: rates[0].category, percent_milli: rates[0].percent_milli, exemption_reason: null };

    await step(`${size.priceItems} price items`, () =>
      client.query(
        `insert into price_item (organization_id, name, description, unit, unit_price, unit_cost, tax_rate_id, category, status, created_at, updated_at)
         select $1,
           case when r.labour < 0.04 then ${pick(LABOUR, "r.a")} || ' (' || ${pick(CATEGORIES, "r.c")} || ')'
                else ${pick(MATERIALS, "r.a")} || ' ' || ${pick(SPECS, "r.b")} || ' ' || ${pick(BRANDS, "r.c")} end,
           case when r.d < 0.5 then 'Supplied and fitted' end,
           case when r.labour < 0.04 then 'hour' else ${pick(UNITS, "r.b")} end,
           r.cost + r.cost * 35 / 100, r.cost, $3,
           ${pick(CATEGORIES, "r.c")},
           case when r.removed < 0.05 then 'removed' else 'active' end,
           now() - interval '3 years' + r.g * (interval '3 years' / $2::int), now() - interval '3 years' + r.g * (interval '3 years' / $2::int)
         from (
           select g, random() as a, random() as b, random() as c, random() as d, random() as labour, random() as removed,
             (200 + floor(random() * random() * 60000))::bigint as cost
           from generate_series(1, $2::int) g
         ) r`,
        [organizationId, size.priceItems, rates[0].id],
      ),
    );
    const { rows: book } = await client.query<Item & { labour: boolean }>(
      `select id, name, unit, unit_price::int, unit_cost::int, unit = 'hour' as labour from price_item
       where organization_id = $1 and status = 'active' order by created_at limit 400`,
      [organizationId],
    );
    const items = book.filter((item) => !item.labour);
    const labour = book.filter((item) => item.labour);
    if (labour.length === 0) labour.push(items[0]);
    const quotes = quoteTemplates(items, labour, tax, TEMPLATES);
    const invoices = invoiceTemplates(items, labour, tax, TEMPLATES);

    await step("active customers numbered", async () => {
      await client.query(
        `create temp table bench_buyer on commit drop as
         select row_number() over (order by id)::int as n, id, location_id, sharing, name
         from customer where organization_id = $1 and status = 'active'`,
        [organizationId],
      );
      await client.query("alter table bench_buyer add primary key (n)");
      await client.query(
        `create temp table bench_template on commit drop as
         select t.n::int - 1 as n, t.q as quote, (t.qt)::bigint as quote_total, t.i as invoice, (t.it)::bigint as invoice_total
         from jsonb_to_recordset($1::jsonb) as t(n int, q jsonb, qt bigint, i jsonb, it bigint)`,
        [JSON.stringify(quotes.map((q, n) => ({ n: n + 1, q: q.content, qt: q.total, i: invoices[n].content, it: invoices[n].total })))],
      );
    });

    // Status by a random value and the document's age, as the app's own jobs leave them: a
    // quote unanswered past its 30 days has expired, an invoice unpaid past its due date is
    // overdue; the open ones are recent, a few old debts stay overdue.
    const quoteStatus = `case when r.created > now() - interval '30 days' then
        case when r.s < 0.15 then 'draft' when r.s < 0.50 then 'sent' when r.s < 0.70 then 'viewed'
          when r.s < 0.90 then 'approved' when r.s < 0.97 then 'declined' else 'changes_requested' end
      else case when r.s < 0.01 then 'draft' when r.s < 0.51 then 'approved' when r.s < 0.71 then 'declined'
          when r.s < 0.72 then 'changes_requested' else 'expired' end end`;
    await step(`${size.quotes} quotes`, () =>
      client.query(
        `insert into quote (organization_id, customer_id, location_id, sharing, owner_id, number, revision, status, title,
           introduction, valid_until, currency, content, total, chosen_option_id, sent_at, viewed_at, answered_at,
           status_changed, created_at, updated_at)
         select $1, b.id, b.location_id, b.sharing, m.a[1 + floor(r.owner * array_length(m.a, 1))::int],
           case when x.status <> 'draft' then 'Q-' || extract(year from r.created)::int || '-'
             || ${digits(`row_number() over (partition by x.status <> 'draft', extract(year from r.created) order by r.created)`)} end,
           case when r.revised < 0.1 then 2 else 1 end, x.status,
           ${pick(WORK, "r.work")} || ', ' || split_part(b.name, ' ', 2),
           'Thank you for your enquiry. Here is our quote for the work we discussed.',
           (r.created + interval '30 days')::date, '${CURRENCY}', t.quote, t.quote_total,
           case when x.status = 'approved' then 'o0' end,
           case when x.status <> 'draft' then r.created + interval '1 day' end,
           case when x.status not in ('draft', 'sent', 'expired') then r.created + interval '2 days' end,
           case when x.status in ('approved', 'declined', 'changes_requested') then r.created + interval '4 days' end,
           r.created + interval '4 days', r.created, r.created + interval '4 days'
         from ${documentRows("random() as revised")}
         cross join lateral (select ${quoteStatus} as status) x
         join bench_buyer b on b.n = r.buyer
         join bench_template t on t.n = r.template
         cross join (select array_agg(id order by email) as a from member where organization_id = $1 and password_hash is null) m`,
        [organizationId, size.quotes],
      ),
    );

    const invoiceStatus = `case when r.created > now() - interval '14 days' then
        case when r.s < 0.10 then 'draft' when r.s < 0.25 then 'issued' when r.s < 0.65 then 'sent'
          when r.s < 0.72 then 'partly_paid' when r.s < 0.97 then 'paid' else 'void' end
      when r.created > now() - interval '90 days' then
        case when r.s < 0.01 then 'draft' when r.s < 0.20 then 'overdue' when r.s < 0.24 then 'void' else 'paid' end
      else case when r.s < 0.002 then 'draft' when r.s < 0.007 then 'overdue' when r.s < 0.047 then 'void' else 'paid' end end`;
    // The frozen document holds what its PDF and public page print: the seller, the buyer, the content.
    const address = `'line1', null, 'line2', null, 'zip', null, 'city', null, 'state', null, 'country', 'US'`;
    await step(`${size.invoices} invoices`, () =>
      client.query(
        `insert into invoice (id, organization_id, customer_id, location_id, sharing, owner_id, kind, number, status, title,
           issue_date, due_date, currency, content, document, hash, total, paid, due, issued_at, sent_at, voided_at,
           status_changed, created_at, updated_at)
         select id, organization_id, customer_id, location_id, sharing, owner_id, kind, number, status, title,
           issue_date, due_date, currency, content,
           case when number is not null then jsonb_build_object('kind', kind, 'number', number, 'issued', issue_date, 'due', due_date,
             'delivered', null, 'currency', currency, 'language', 'en', 'title', title, 'notes', null,
             'payment_terms', 'Payable within 14 days', 'buyer_reference', null, 'purchase_order', null,
             'seller', jsonb_build_object('name', $3::text, 'legal_name', null, 'tax_id', null, 'registration', null, 'phone', null,
               'email', null, 'website', null, 'logo_file', null, 'bank', null, ${address}),
             'buyer', jsonb_build_object('name', buyer, 'email', null, 'phone', null, 'vat_number', null, ${address}),
             'site', null, 'content', content, 'prepayments', '[]'::jsonb, 'corrects', null, 'quote', null) end,
           case when number is not null then encode(sha256(convert_to(number || id::text, 'UTF8')), 'hex') end,
           total, paid, due, issued_at, sent_at, voided_at, status_changed, created_at, updated_at
         from (
           select $1::uuid as organization_id, b.id as customer_id, b.location_id, b.sharing, b.name as buyer, gen_random_uuid() as id,
             m.a[1 + floor(r.owner * array_length(m.a, 1))::int] as owner_id, x.kind, x.status,
             case when x.status <> 'draft' then case x.kind when 'credit_note' then 'CN-' else 'INV-' end
               || extract(year from r.created)::int || '-'
               || ${digits(`row_number() over (partition by x.status <> 'draft', x.kind = 'credit_note', extract(year from r.created) order by r.created)`)} end as number,
             ${pick(WORK, "r.work")} || ', ' || split_part(b.name, ' ', 2) as title,
             case when x.status <> 'draft' then r.created::date end as issue_date,
             case when x.status <> 'draft' then r.created::date + 14 end as due_date,
             '${CURRENCY}' as currency, t.invoice as content, t.invoice_total as total,
             case x.status when 'paid' then t.invoice_total when 'partly_paid' then t.invoice_total / 2 else 0 end as paid,
             case when x.status in ('paid', 'void', 'draft') or x.kind = 'credit_note' then 0
                  when x.status = 'partly_paid' then t.invoice_total - t.invoice_total / 2 else t.invoice_total end as due,
             case when x.status <> 'draft' then r.created end as issued_at,
             case when x.status not in ('draft', 'issued') then r.created + interval '1 hour' end as sent_at,
             case when x.status = 'void' then r.created + interval '3 days' end as voided_at,
             r.created + interval '10 days' as status_changed, r.created as created_at, r.created + interval '10 days' as updated_at
           from ${documentRows("random() as k")}
           cross join lateral (
             select ${invoiceStatus} as status, case when r.k < 0.90 then 'invoice' when r.k < 0.97 then 'deposit' else 'credit_note' end as kind
           ) x
           join bench_buyer b on b.n = r.buyer
           join bench_template t on t.n = r.template
           cross join (select array_agg(id order by email) as a from member where organization_id = $1 and password_hash is null) m
         ) i`,
        [organizationId, size.invoices, BENCH_ORGANIZATION],
      ),
    );
    await step("payments of paid invoices", () =>
      client.query(
        `insert into payment (organization_id, invoice_id, customer_id, location_id, sharing, method, amount, currency, paid_on, created_at, updated_at)
         select organization_id, id, customer_id, location_id, sharing,
           (array['bank_transfer', 'card', 'cash', 'cheque'])[1 + (abs(hashtext(id::text)) % 4)], paid, currency,
           issue_date + 9, created_at + interval '9 days', created_at + interval '9 days'
         from invoice where organization_id = $1 and paid > 0`,
        [organizationId],
      ),
    );
    await step("document numbers continue after the seeded ones", () =>
      client.query(
        `insert into document_counter (organization_id, series, period, next)
         select $1, series, period, max(n) + 1 from (
           select 'quote' as series, split_part(number, '-', 2) as period, split_part(number, '-', 3)::int as n from quote where organization_id = $1 and number is not null
           union all
           select case when kind = 'credit_note' then 'credit_note' else 'invoice' end, split_part(number, '-', 2), split_part(number, '-', 3)::int
           from invoice where organization_id = $1 and number is not null
         ) numbers group by series, period`,
        [organizationId],
      ),
    );
  });
}
