import { route } from "@/lib/server/route";
import { importProjectFile } from "@/lib/services/import/project-import";
import { importQuerySchema, maxImportBodyBytes } from "@/lib/services/import/upload";

// POST /api/api/project/import — projects from a .csv or .xlsx file (multipart: file, mappings, skipInvalid, dryRun); every member may create projects
export const POST = route({ query: importQuerySchema, form: maxImportBodyBytes }, async ({ db, session, form, query, locale }) =>
  importProjectFile(db, session, form, query, await locale()),
);
