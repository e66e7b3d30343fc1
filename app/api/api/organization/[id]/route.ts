import { organizationUpdateSchema } from "@/lib/schemas/organization";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getOrganization, updateOrganization } from "@/lib/services/organization";

// GET /api/api/organization/{id} — the session's own organization
export const GET = route({ params: idParams("Organization") }, ({ db, session, params }) =>
  getOrganization(db, session, params.id),
);

// PATCH /api/api/organization/{id} — display name, brand color, image, mailbox disconnect
export const PATCH = route(
  { params: idParams("Organization"), body: organizationUpdateSchema, privilege: "admin" },
  ({ db, session, params, body }) => updateOrganization(db, session, params.id, body),
);
