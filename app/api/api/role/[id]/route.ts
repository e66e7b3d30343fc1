import { route } from "@/lib/server/route";
import { getRole } from "@/lib/services/role";

// GET /api/api/role/{id} — one role
export const GET = route({ resource: "Role" }, ({ db, session, params }) => getRole(db, session, params.id));
