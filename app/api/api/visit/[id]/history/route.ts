import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { visitHistory } from "@/lib/services/visit";

// GET /api/api/visit/{id}/history — who changed what on a visit, newest first
export const GET = route({ params: idParams("Visit") }, ({ db, session, params }) => visitHistory(db, session, params.id));
