import { timeOffUpdateSchema } from "@/lib/schemas/time-off";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getTimeOff, updateTimeOff } from "@/lib/services/time-off";

// GET /api/api/time_off/{id} — one time off
export const GET = route({ params: idParams("Time off") }, ({ db, session, params }) => getTimeOff(db, session, params.id));

// PATCH /api/api/time_off/{id} — change or remove (status) a time off
export const PATCH = route({ params: idParams("Time off"), body: timeOffUpdateSchema }, ({ db, session, params, body }) =>
  updateTimeOff(db, session, params.id, body),
);
