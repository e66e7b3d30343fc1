import { route } from "@/lib/server/route";
import { importPriceItemFile } from "@/lib/services/import/price-item-import";
import { importQuerySchema, maxImportBodyBytes } from "@/lib/services/import/upload";

// POST /api/api/price_item/import — price items from a .csv or .xlsx file (multipart: file, mappings, skipInvalid, dryRun)
export const POST = route({ query: importQuerySchema, privilege: "admin", form: maxImportBodyBytes }, async ({ db, session, form, query, locale }) =>
  importPriceItemFile(db, session, form, query, await locale()),
);
