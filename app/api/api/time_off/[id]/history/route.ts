import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { timeOffHistory } from "@/lib/services/time-off";

// GET /api/api/time_off/{id}/history — who changed what on a time off, newest first
export const GET = route({ params: idParams("Time off") }, ({ db, session, params }) => timeOffHistory(db, session, params.id));
