import { dashboardQuerySchema } from "@/lib/schemas/dashboard";
import { route } from "@/lib/server/route";
import { dashboard } from "@/lib/services/dashboard";

// GET /api/api/dashboard — the figures of the start page at the session's location, and the organization's first steps
export const GET = route({ query: dashboardQuerySchema }, ({ db, session, query }) => dashboard(db, session, query.created_since));
