import "server-only";
import type { Db } from "@/db/client";
import type { PublicActor } from "@/lib/server/public-route";
import { documentResponse } from "@/lib/services/document-send";
import { renderInvoicePdf } from "@/lib/services/invoice-files";
import { customerInvoiceDocument, linkedInvoice, type LinkedInvoice } from "./view";

/** GET /api/api/public/invoice/{token}/pdf: the invoice the page shows as a PDF (the same renderer as the office's and the email's). */
export async function publicInvoicePdf(db: Db, linked: LinkedInvoice, _actor: PublicActor): Promise<Response> {
  const row = await linkedInvoice(db, linked);
  const document = customerInvoiceDocument(row.document);
  const pdf = await renderInvoicePdf({ organizationId: row.organizationId, document });
  return documentResponse(pdf, "application/pdf", `${document.number.replace(/[^A-Za-z0-9._-]+/g, "-")}.pdf`);
}
