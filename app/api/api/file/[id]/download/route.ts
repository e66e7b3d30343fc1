import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { downloadFile } from "@/lib/services/file";

// GET /api/api/file/{id}/download — the file's bytes
export const GET = route({ params: idParams("File") }, ({ db, session, params }) => downloadFile(db, session, params.id));
