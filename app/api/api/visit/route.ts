import { visitCreateSchema, visitListQuerySchema } from "@/lib/schemas/visit";
import { route } from "@/lib/server/route";
import { createVisit, listVisitsAnswer } from "@/lib/services/visit";

// GET /api/api/visit — visits in time order (any-time visits of a day first), as their projects are shared
export const GET = route({ query: visitListQuerySchema }, ({ db, session, query }) => listVisitsAnswer(db, session, query));

// POST /api/api/visit — schedule a visit of a project; clashes come in the answer
export const POST = route({ body: visitCreateSchema, status: 201 }, ({ db, session, body }) => createVisit(db, session, body));
