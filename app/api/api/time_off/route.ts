import { timeOffCreateSchema, timeOffListQuerySchema } from "@/lib/schemas/time-off";
import { route } from "@/lib/server/route";
import { createTimeOff, listTimeOff } from "@/lib/services/time-off";

// GET /api/api/time_off — members' time off in time order
export const GET = route({ query: timeOffListQuerySchema }, ({ db, session, query }) => listTimeOff(db, session, query));

// POST /api/api/time_off — one's own time off, or anyone's with members_manage
export const POST = route({ body: timeOffCreateSchema, status: 201 }, ({ db, session, body }) => createTimeOff(db, session, body));
