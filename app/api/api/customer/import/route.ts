import { route } from "@/lib/server/route";
import { importCustomerFile } from "@/lib/services/import/customer-import";
import { importQuerySchema, maxImportBodyBytes } from "@/lib/services/import/upload";

// POST /api/api/customer/import — customers from a .csv or .xlsx file (multipart: file, mappings, skipInvalid, matchBy, dryRun)
export const POST = route({ query: importQuerySchema, privilege: "customers_manage", form: maxImportBodyBytes }, async ({ db, session, form, query, locale }) =>
  importCustomerFile(db, session, form, query, await locale()),
);
