import { siteCreateSchema, siteListQuerySchema } from "@/lib/schemas/site";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { createSite, listSites } from "@/lib/services/site";

// GET /api/api/customer/{id}/site — the customer's sites, the first made first
export const GET = route({ params: idParams("Customer"), query: siteListQuerySchema }, ({ db, session, params, query }) =>
  listSites(db, session, params.id, query),
);

// POST /api/api/customer/{id}/site — add a site to a customer
export const POST = route(
  { params: idParams("Customer"), body: siteCreateSchema, privilege: "customers_manage", status: 201 },
  ({ db, session, params, body }) => createSite(db, session, params.id, body),
);
