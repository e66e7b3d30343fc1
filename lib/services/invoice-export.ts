import "server-only";
import { and, asc, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { invoice, payment } from "@/db/schema/invoice";
import { toCsv, type CsvCell } from "@/lib/client/csv";
import { translatorFor } from "@/lib/i18n/messages";
import { minorToDecimal } from "@/lib/money/format";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import type { TaxGroup } from "@/lib/money/totals";
import { EXPORT_MAX_ROWS, type ExportFormat, type ExportQuery } from "@/lib/schemas/invoice-export";
import { conflict } from "@/lib/server/errors";
import { listedRows } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { XLSX_TYPE, xlsxWorkbook, type XlsxCell, type XlsxSheet } from "@/lib/server/xlsx";
import { invoiceEntity, paymentEntity } from "@/lib/entities/invoice";

/*
 * The accountant's exports (GET /invoice/export, /payment/export): every issued invoice
 * and credit note, or every payment, of a period that the session sees (the lists'
 * default sharing), as CSV or XLSX. Amounts are decimals of their currency, named in
 * a column; every figure is invoiceTotals' (the one totals function), so the export
 * agrees with the API, the PDF and the e-invoices to the cent. Statuses, kinds and
 * methods stay machine values; the headers are in the caller's language. CSV cells
 * that a spreadsheet would run as a formula get the apostrophe the list exports put
 * before them (lib/client/csv.ts); XLSX text is inline strings, never formulas.
 */

/** Each column's header, by its catalogue key (written out, so the catalogue test finds them). */
const COLUMNS = {
  number: "invoiceExport.columns.number",
  kind: "invoiceExport.columns.kind",
  status: "invoiceExport.columns.status",
  customer: "invoiceExport.columns.customer",
  vatNumber: "invoiceExport.columns.vatNumber",
  issueDate: "invoiceExport.columns.issueDate",
  dueDate: "invoiceExport.columns.dueDate",
  currency: "invoiceExport.columns.currency",
  net: "invoiceExport.columns.net",
  tax: "invoiceExport.columns.tax",
  gross: "invoiceExport.columns.gross",
  prepaid: "invoiceExport.columns.prepaid",
  paid: "invoiceExport.columns.paid",
  due: "invoiceExport.columns.due",
  rate: "invoiceExport.columns.rate",
  category: "invoiceExport.columns.category",
  invoice: "invoiceExport.columns.invoice",
  paidOn: "invoiceExport.columns.paidOn",
  method: "invoiceExport.columns.method",
  amount: "invoiceExport.columns.amount",
  reference: "invoiceExport.columns.reference",
} as const;
type Column = keyof typeof COLUMNS;

type Words = ReturnType<typeof translatorFor>;
type Cell = { text: string } | { amount: number; currency: string } | { date: string | null } | null;

const text = (value: string | null | undefined): Cell => (value ? { text: value } : null);
const money = (amount: number, currency: string): Cell => ({ amount, currency });

const asCsv = (cell: Cell): CsvCell => (cell === null ? null : "text" in cell ? cell.text : "date" in cell ? cell.date : minorToDecimal(cell.amount, cell.currency));
const asXlsx = (cell: Cell): XlsxCell =>
  cell === null ? null : "text" in cell ? cell.text : "date" in cell ? (cell.date ? { date: cell.date } : null) : Number(minorToDecimal(cell.amount, cell.currency));

type Table = { name: string; header: string[]; rows: Cell[][] };

function respond(format: ExportFormat, base: string, tables: Table[], query: ExportQuery): Response {
  const period = `${query.from ?? "start"}_${query.to ?? "today"}`;
  const headers = new Headers({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  if (format === "csv") {
    const [first] = tables;
    headers.set("Content-Type", "text/csv; charset=utf-8");
    headers.set("Content-Disposition", `attachment; filename="${base}_${period}.csv"`);
    // The byte order mark makes spreadsheet apps read the file as UTF-8.
    return new Response(`\uFEFF${toCsv(first.header, first.rows.map((row) => row.map(asCsv)))}`, { headers });
  }
  const sheets: XlsxSheet[] = tables.map((table) => ({ name: table.name, header: table.header, rows: table.rows.map((row) => row.map(asXlsx)) }));
  headers.set("Content-Type", XLSX_TYPE);
  headers.set("Content-Disposition", `attachment; filename="${base}_${period}.xlsx"`);
  return new Response(Buffer.from(xlsxWorkbook(sheets)), { headers });
}

function bounded<T>(rows: T[]): T[] {
  if (rows.length > EXPORT_MAX_ROWS) throw conflict("errors.invoiceExport.tooMany", { max: EXPORT_MAX_ROWS });
  return rows;
}

/** A tax group's column key and label: its rate and category code ("20 % S"). */
const rateKey = (group: Pick<TaxGroup, "code" | "percent">) => `${group.code}:${group.percent}`;
const rateLabel = (group: Pick<TaxGroup, "code" | "percent">) => `${group.percent / 1000} % ${group.code}`;

/** The issued invoices and credit notes of the period (by issue date) the session sees, oldest first, with their customer. */
async function invoiceRows(db: Db, session: SessionContext, query: ExportQuery) {
  const rows = await db
    .select({ row: invoice, customerName: customer.name, vatNumber: customer.vatNumber })
    .from(invoice)
    .leftJoin(customer, and(eq(customer.organizationId, invoice.organizationId), eq(customer.id, invoice.customerId)))
    .where(
      listedRows(session, invoiceEntity, {}, [
        ne(invoice.status, "draft"),
        query.from ? gte(invoice.issueDate, query.from) : undefined,
        query.to ? lte(invoice.issueDate, query.to) : undefined,
      ]),
    )
    .orderBy(asc(invoice.issueDate), asc(sql`coalesce(${invoice.number}, '')`), asc(invoice.id))
    .limit(EXPORT_MAX_ROWS + 1);
  return bounded(rows);
}

export async function exportInvoices(db: Db, session: SessionContext, query: ExportQuery, language: string): Promise<Response> {
  const t: Words = translatorFor(language);
  const col = (key: Column) => t(COLUMNS[key]);
  const rows = (await invoiceRows(db, session, query)).map((found) => {
    // The document as issued holds the content and deductions; a voided draft never reaches here.
    const source = found.row.document ?? { content: found.row.content, prepayments: found.row.prepayments };
    return { ...found, totals: invoiceTotals(source.content, found.row.currency, source.prepayments) };
  });
  // One net and one tax column per rate and category found in the period, in the order the totals sort them.
  const rates = new Map<string, TaxGroup>();
  for (const { totals } of rows) for (const group of totals.groups) if (!rates.has(rateKey(group))) rates.set(rateKey(group), group);
  const columns = [...rates.values()].sort((a, b) => b.percent - a.percent || a.code.localeCompare(b.code));
  const header = [
    ...(["number", "kind", "status", "customer", "vatNumber", "issueDate", "dueDate", "currency", "net", "tax", "gross", "prepaid", "paid", "due"] as const).map(col),
    ...columns.flatMap((group) => [t("invoiceExport.columns.netAt", { rate: rateLabel(group) }), t("invoiceExport.columns.taxAt", { rate: rateLabel(group) })]),
  ];
  const table: Table = {
    name: t("invoiceExport.sheets.invoices"),
    header,
    rows: rows.map(({ row, customerName, vatNumber, totals }) => {
      const byRate = new Map(totals.groups.map((group) => [rateKey(group), group]));
      return [
        text(row.number),
        text(row.kind),
        text(row.status),
        text(customerName),
        text(vatNumber),
        { date: row.issueDate },
        { date: row.dueDate },
        text(row.currency),
        money(totals.net, row.currency),
        money(totals.tax, row.currency),
        money(totals.gross, row.currency),
        money(totals.prepaid, row.currency),
        money(row.paid, row.currency),
        money(row.due, row.currency),
        ...columns.flatMap((column) => {
          const group = byRate.get(rateKey(column));
          return group ? [money(group.net, row.currency), money(group.tax, row.currency)] : [null, null];
        }),
      ];
    }),
  };
  // The workbook adds the same per rate as rows: one per invoice and rate, with the category and exemption reason.
  const taxes: Table = {
    name: t("invoiceExport.sheets.taxes"),
    header: (["number", "kind", "issueDate", "rate", "category", "net", "tax", "currency"] as const).map(col),
    rows: rows.flatMap(({ row, totals }) =>
      totals.groups.map((group) => [
        text(row.number),
        text(row.kind),
        { date: row.issueDate },
        text(`${group.percent / 1000} %`),
        text(group.exemptionReason ? `${group.code} (${group.exemptionReason})` : group.code),
        money(group.net, row.currency),
        money(group.tax, row.currency),
        text(row.currency),
      ]),
    ),
  };
  return respond(query.format, "invoices", [table, taxes], query);
}

export async function exportPayments(db: Db, session: SessionContext, query: ExportQuery, language: string): Promise<Response> {
  const t: Words = translatorFor(language);
  const col = (key: Column) => t(COLUMNS[key]);
  const rows = bounded(
    await db
      .select({ row: payment, number: invoice.number, customerName: customer.name })
      .from(payment)
      .innerJoin(invoice, and(eq(invoice.organizationId, payment.organizationId), eq(invoice.id, payment.invoiceId)))
      .leftJoin(customer, and(eq(customer.organizationId, payment.organizationId), eq(customer.id, payment.customerId)))
      .where(
        listedRows(session, paymentEntity, {}, [query.from ? gte(payment.paidOn, query.from) : undefined, query.to ? lte(payment.paidOn, query.to) : undefined]),
      )
      .orderBy(asc(payment.paidOn), asc(payment.createdAt), asc(payment.id))
      .limit(EXPORT_MAX_ROWS + 1),
  );
  const table: Table = {
    name: t("invoiceExport.sheets.payments"),
    header: (["paidOn", "invoice", "customer", "method", "amount", "currency", "reference"] as const).map(col),
    rows: rows.map(({ row, number, customerName }) => [
      { date: row.paidOn },
      text(number),
      text(customerName),
      text(row.method),
      money(row.amount, row.currency),
      text(row.currency),
      text(row.reference),
    ]),
  };
  return respond(query.format, "payments", [table], query);
}
