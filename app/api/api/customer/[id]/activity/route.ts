import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { customerActivity } from "@/lib/services/customer-activity";

// GET /api/api/customer/{id}/activity — the customer's messages, project changes, history and message files, newest first
export const GET = route({ params: idParams("Customer") }, ({ db, session, params }) => customerActivity(db, session, params.id));
