import { visitUpdateSchema } from "@/lib/schemas/visit";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getVisit, updateVisit } from "@/lib/services/visit";

// GET /api/api/visit/{id} — one visit, with its clashes
export const GET = route({ params: idParams("Visit") }, ({ db, session, params }) => getVisit(db, session, params.id));

// PATCH /api/api/visit/{id} — move, reassign, or change a visit's status (its assigned members may always do that)
export const PATCH = route({ params: idParams("Visit"), body: visitUpdateSchema }, ({ db, session, params, body }) =>
  updateVisit(db, session, params.id, body),
);
