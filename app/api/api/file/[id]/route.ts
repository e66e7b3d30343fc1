import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getFile } from "@/lib/services/file";

// GET /api/api/file/{id} — a file's details
export const GET = route({ params: idParams("File") }, ({ db, session, params }) => getFile(db, session, params.id));
