import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { projectLine } from "@/db/schema/quote";
import { organizationCurrency } from "@/lib/money/currency";
import type { QuoteLine, QuoteSection } from "@/lib/schemas/quote-content";
import { getItem } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { projectEntity } from "@/lib/entities/project";
import { readableContent } from "./quote-content";
import { storedLine } from "./stored-line";

type ProjectLineRow = typeof projectLine.$inferSelect;

const asQuoteLine = (row: ProjectLineRow): QuoteLine => ({ id: row.id, ...storedLine(row), optional: false, selected: false });

/** Consecutive lines under one heading are one section, as they were quoted. */
function sectionsOf(rows: ProjectLineRow[]): QuoteSection[] {
  const sections: QuoteSection[] = [];
  for (const row of rows) {
    const title = row.section ?? "";
    const last = sections.at(-1);
    if (last && last.title === title) last.lines.push(asQuoteLine(row));
    else sections.push({ id: `s${sections.length + 1}`, title, lines: [asQuoteLine(row)] });
  }
  return sections;
}

/**
 * GET /project/{id}/lines: what was agreed for the project (the lines of the quote the
 * customer approved), in order, with each line's net and the totals per tax rate,
 * computed as the quote's were (lib/money/quote-totals.ts).
 */
export async function projectLines(db: Db, session: SessionContext, projectId: string) {
  await getItem(db, session, projectEntity, projectId);
  const rows = await db
    .select()
    .from(projectLine)
    .where(and(eq(projectLine.organizationId, session.organizationId), eq(projectLine.projectId, projectId)))
    .orderBy(asc(projectLine.position), asc(projectLine.createdAt));
  const [org] = await db.select({ country: organization.country, business: organization.business }).from(organization).where(eq(organization.id, session.organizationId));
  const currency = organizationCurrency(org);
  const [agreed] = readableContent({ options: [{ id: "agreed", name: "", description: null, sections: sectionsOf(rows) }] }, currency, null);
  const quotes = [...new Set(rows.map((row) => row.quoteId).filter((id): id is string => id !== null))];
  return { currency, quotes, sections: agreed.sections, totals: agreed.totals };
}
