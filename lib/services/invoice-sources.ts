import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, notInArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoice } from "@/db/schema/invoice";
import { projectLine, quote, quoteRevision } from "@/db/schema/quote";
import { wordsFor } from "@/lib/i18n/messages";
import { customerLocale } from "@/lib/i18n/locales";
import { divRound, percentNumber, safe } from "@/lib/money/decimal";
import { lineCounts, optionTotals } from "@/lib/money/quote-totals";
import type { TaxCategory } from "@/lib/money/tax";
import type { InvoiceContent, InvoiceLine, InvoicePrepayment, InvoiceSection } from "@/lib/schemas/invoice-content";
import type { QuoteRow } from "@/lib/entities/quote";
import { conflict } from "@/lib/server/errors";
import { newPartId } from "./quote-content";
import { approvedChoiceOf, storedDepositOf } from "./quote";
import { storedLine } from "./stored-line";
import { uninvoicedVisitItems, type VisitItemRow } from "./visit-item";

/**
 * What an invoice starts from: an approved quote's chosen lines, a quote's deposit, or
 * the lines agreed for a project with what its completed visits used (time and materials)
 * that no other invoice of it has yet. Each line remembers where it came from (`source`).
 */

const withoutChoice = (line: { optional: boolean; selected: boolean } & Omit<InvoiceLine, "source">) => {
  const { optional: _optional, selected: _selected, ...rest } = line;
  return rest;
};

/** The quote as the customer approved it: the revision they answered, its chosen option and the optional lines they ticked. */
async function approvedOption(db: Db, row: QuoteRow) {
  const choice = await approvedChoiceOf(db, row);
  if (!choice) throw conflict("errors.invoice.quoteNotApproved");
  const [revision] = await db
    .select({ document: quoteRevision.document })
    .from(quoteRevision)
    .where(and(eq(quoteRevision.organizationId, row.organizationId), eq(quoteRevision.quoteId, row.id)))
    .orderBy(desc(quoteRevision.revision))
    .limit(1);
  const content = revision?.document.content ?? row.content;
  const option = content.options.find((candidate) => candidate.id === choice.option);
  if (!option) throw conflict("errors.invoice.quoteNotApproved");
  return { option, choice };
}

/** The quote's chosen option's counted lines, in its sections. */
export async function contentFromQuote(db: Db, row: QuoteRow): Promise<InvoiceContent> {
  const { option, choice } = await approvedOption(db, row);
  const sections: InvoiceSection[] = option.sections
    .map((section) => ({
      id: section.id,
      title: section.title,
      lines: section.lines.filter((line) => lineCounts(line, choice)).map((line): InvoiceLine => ({ ...withoutChoice(line), source: { kind: "quote_line", id: line.id } })),
    }))
    .filter((section) => section.lines.length > 0);
  return { sections, allowances: [] };
}

/** Every issued deposit invoice of the quote (not voided), as what a later invoice of it deducts. */
export async function prepaymentsOf(db: Db, organizationId: string, quoteId: string): Promise<InvoicePrepayment[]> {
  const rows = await db
    .select({ id: invoice.id, number: invoice.number, issued: invoice.issueDate, total: invoice.total })
    .from(invoice)
    .where(
      and(
        eq(invoice.organizationId, organizationId),
        eq(invoice.quoteId, quoteId),
        eq(invoice.kind, "deposit"),
        isNotNull(invoice.number),
        notInArray(invoice.status, ["draft", "void"]),
      ),
    )
    .orderBy(asc(invoice.issueDate), asc(invoice.number));
  return rows.map((item) => ({ invoice: item.id, number: item.number!, issued: item.issued!, amount: item.total }));
}

/**
 * A deposit invoice's content: one line per tax group of the chosen option (of the first
 * option before the customer has chosen), each the deposit's share of that group's net,
 * the last group taking what rounding left of the deposit's net, so that the deposit
 * invoice's gross is the deposit within a cent.
 */
export async function depositContent(db: Db, row: QuoteRow, language: string | null): Promise<InvoiceContent> {
  const deposit = storedDepositOf(row);
  const approved = row.status === "approved" ? await approvedOption(db, row) : null;
  const option = approved?.option ?? row.content.options[0];
  const figures = optionTotals(option, row.currency, deposit, approved?.choice ?? null);
  if (!deposit || figures.deposit <= 0 || figures.totals.gross <= 0) throw conflict("errors.invoice.noDeposit");
  const gross = BigInt(figures.totals.gross);
  const amount = BigInt(figures.deposit);
  const share = (net: number) => divRound(BigInt(net) * amount, gross);
  const depositNet = share(figures.totals.net);
  // The groups' tax as the quote's lines had it (a group is one category and rate).
  const lines = option.sections.flatMap((section) => section.lines.filter((line) => lineCounts(line, approved?.choice ?? null)));
  const words = wordsFor(language);
  let given = 0n;
  const groups = figures.totals.groups;
  const depositLines = groups.map((group, index): InvoiceLine => {
    const last = index === groups.length - 1;
    const net = last ? depositNet - given : share(group.net);
    given += net;
    const tax = lines.find((line) => line.tax.category === group.category && (group.percent === 0 || line.tax.percent_milli === group.percent))?.tax ?? {
      id: null,
      name: `${percentNumber(group.percent)} %`,
      category: group.category as TaxCategory,
      percent_milli: group.percent,
      exemption_reason: group.exemptionReason,
    };
    return {
      id: newPartId(),
      price_item: null,
      name: words("invoiceLines.deposit", { number: row.number ?? "", title: row.title }),
      description: groups.length > 1 ? tax.name : null,
      quantity: 1000,
      unit: "piece",
      unit_price: safe(net),
      unit_cost: null,
      discount: null,
      tax,
      source: null,
    };
  });
  return { sections: [{ id: newPartId(), title: "", lines: depositLines }], allowances: [] };
}

export const depositLanguage = (customerLanguage: string | null, organizationLanguage: string | null) => customerLocale(customerLanguage, organizationLanguage);

type ProjectLineRow = typeof projectLine.$inferSelect;

const asInvoiceLine = (row: ProjectLineRow): InvoiceLine => ({ id: row.id, ...storedLine(row), source: { kind: "project_line", id: row.id } });

const visitLine = (row: VisitItemRow): InvoiceLine => ({ id: newPartId(), ...storedLine(row), source: { kind: "visit", id: row.id } });

/**
 * The lines agreed for a project, consecutive lines under one heading as one section, then
 * its completed visits' time and materials not yet invoiced, under one heading in the
 * customer's `language`; and the quotes the agreed lines came from.
 */
export async function contentFromProject(db: Db, organizationId: string, projectId: string, language: string | null): Promise<{ content: InvoiceContent; quotes: string[] }> {
  const rows = await db
    .select()
    .from(projectLine)
    .where(and(eq(projectLine.organizationId, organizationId), eq(projectLine.projectId, projectId)))
    .orderBy(asc(projectLine.position), asc(projectLine.createdAt));
  const sections: InvoiceSection[] = [];
  for (const row of rows) {
    const title = row.section ?? "";
    const last = sections.at(-1);
    if (last && last.title === title) last.lines.push(asInvoiceLine(row));
    else sections.push({ id: newPartId(), title, lines: [asInvoiceLine(row)] });
  }
  const used = await uninvoicedVisitItems(db, organizationId, projectId);
  if (used.length > 0) sections.push({ id: newPartId(), title: wordsFor(language)("invoiceLines.visitWork"), lines: used.map(visitLine) });
  const quotes = [...new Set(rows.map((row) => row.quoteId).filter((id): id is string => id !== null))];
  return { content: { sections, allowances: [] }, quotes };
}

/** Prepayments of every quote a project's lines came from. */
export async function prepaymentsOfQuotes(db: Db, organizationId: string, quoteIds: string[]): Promise<InvoicePrepayment[]> {
  if (quoteIds.length === 0) return [];
  const found = await db
    .select({ id: quote.id })
    .from(quote)
    .where(and(eq(quote.organizationId, organizationId), inArray(quote.id, quoteIds)));
  return (await Promise.all(found.map((row) => prepaymentsOf(db, organizationId, row.id)))).flat();
}
