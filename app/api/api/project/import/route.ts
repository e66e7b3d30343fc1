import { route } from "@/lib/server/route";
import { importProjectFile } from "@/lib/services/import/project-import";
import { importQuerySchema, maxImportBodyBytes } from "@/lib/services/import/upload";

// POST /api/api/project/import — projects from a .csv or .xlsx file (multipart: file, mappings, skipInvalid, dryRun); every member may create projects
export const POST = route({ query: importQuerySchema, form: maxImportBodyBytes }, ({ db, session, form, query }) =>
  importProjectFile(db, session, form, query),
);
