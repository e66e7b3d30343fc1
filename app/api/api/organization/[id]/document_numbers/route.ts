import { documentNumbersUpdateSchema } from "@/lib/schemas/document-number";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getDocumentNumbers, updateDocumentNumbers } from "@/lib/services/document-numbers";

// GET /api/api/organization/{id}/document_numbers — the format of quote, invoice and credit note numbers
export const GET = route({ params: idParams("Organization") }, ({ db, session, params }) => getDocumentNumbers(db, session, params.id));

// PATCH /api/api/organization/{id}/document_numbers — change formats; the next number taken follows them
export const PATCH = route({ params: idParams("Organization"), body: documentNumbersUpdateSchema, privilege: "admin" }, ({ db, session, params, body }) =>
  updateDocumentNumbers(db, session, params.id, body),
);
