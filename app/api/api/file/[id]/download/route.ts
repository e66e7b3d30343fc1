import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { downloadErrorPage, downloadFile } from "@/lib/services/file";

// GET /api/api/file/{id}/download — the file's bytes; a browser opening a link that fails gets a page saying why
export const GET = route({ params: idParams("File"), errorPage: downloadErrorPage }, ({ db, session, params }) =>
  downloadFile(db, session, params.id),
);
