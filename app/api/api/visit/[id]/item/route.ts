import { visitItemCreateSchema } from "@/lib/schemas/visit-item";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { createVisitItem, listVisitItems } from "@/lib/services/visit-item";

// GET /api/api/visit/{id}/item — what was used on a visit: time worked and materials, with whether each was invoiced
export const GET = route({ params: idParams("Visit") }, ({ db, session, params }) => listVisitItems(db, session, params.id));

// POST /api/api/visit/{id}/item — record time worked or a material used (the visit's editors and its assigned members)
export const POST = route({ params: idParams("Visit"), body: visitItemCreateSchema, status: 201 }, ({ db, session, params, body }) =>
  createVisitItem(db, session, params.id, body),
);
