import { fileUpdateSchema } from "@/lib/schemas/file";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getFile, removeFile } from "@/lib/services/file";

// GET /api/api/file/{id} — a file's details and where it is used
export const GET = route({ params: idParams("File") }, ({ db, session, params }) => getFile(db, session, params.id));

// PATCH /api/api/file/{id} — remove a file: its bytes are deleted, its record stays
export const PATCH = route({ params: idParams("File"), body: fileUpdateSchema }, ({ db, session, params }) =>
  removeFile(db, session, params.id),
);
