import "server-only";
import type { Db } from "@/db/client";
import { DOCUMENT_SERIES, type DocumentNumbersUpdate, type DocumentSeries } from "@/lib/schemas/document-number";
import { numberFormat, setNumberFormat } from "@/lib/server/document-number";
import { recordHistory } from "@/lib/server/history";
import type { SessionContext } from "@/lib/server/session";
import { findOrganizationRow } from "./automatic-messages/settings";

type Formats = Record<DocumentSeries, string>;

/** One series after another: within a transaction `db` is one connection, which runs one query at a time. */
async function formatsOf(db: Db, organizationId: string): Promise<Formats> {
  const formats: Partial<Formats> = {};
  for (const series of DOCUMENT_SERIES) formats[series] = await numberFormat(db, organizationId, series);
  return formats as Formats;
}

/** GET …/organization/{id}/document_numbers: the format of each series' numbers (quotes, invoices, credit notes). */
export async function getDocumentNumbers(db: Db, session: SessionContext, id: string) {
  await findOrganizationRow(db, session.organizationId, id);
  return formatsOf(db, session.organizationId);
}

/**
 * PATCH …/organization/{id}/document_numbers (admins): new formats apply to the next
 * number taken; numbers already given stay, and the counters go on.
 */
export async function updateDocumentNumbers(db: Db, session: SessionContext, id: string, patch: DocumentNumbersUpdate) {
  return db.transaction(async (tx) => {
    await findOrganizationRow(tx, session.organizationId, id, true);
    const before = await formatsOf(tx, session.organizationId);
    const changes: Record<string, [string, string]> = {};
    for (const series of DOCUMENT_SERIES) {
      const format = patch[series];
      if (format === undefined || format === before[series]) continue;
      await setNumberFormat(tx, session.organizationId, series, format);
      changes[`number_format.${series}`] = [before[series], format];
    }
    if (Object.keys(changes).length > 0) {
      await recordHistory(tx, { organizationId: session.organizationId, entityType: "organization", entityId: session.organizationId, memberId: session.memberId, action: "updated", changes });
    }
    return formatsOf(tx, session.organizationId);
  });
}
