import { organizationUpdateSchema } from "@/lib/schemas/organization";
import { idParams } from "@/lib/server/params";
import { requestOrigin } from "@/lib/server/request-info";
import { route } from "@/lib/server/route";
import { getOrganization, updateOrganization } from "@/lib/services/organization";

// GET /api/api/organization/{id} — the session's own organization (admins also get inbound_email_url)
export const GET = route({ params: idParams("Organization") }, ({ req, db, session, params }) =>
  getOrganization(db, session, params.id, requestOrigin(req)),
);

// PATCH /api/api/organization/{id} — display name, brand color, image, country, mailbox disconnect
export const PATCH = route(
  { params: idParams("Organization"), body: organizationUpdateSchema, privilege: "admin" },
  ({ req, db, session, params, body }) => updateOrganization(db, session, params.id, body, requestOrigin(req)),
);
