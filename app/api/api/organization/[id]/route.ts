import { route } from "@/lib/server/route";
import { getOrganization } from "@/lib/services/organization";

// GET /api/api/organization/{id} — the session's own organization
export const GET = route({ resource: "Organization" }, ({ db, session, params }) =>
  getOrganization(db, session, params.id),
);
