import { siteUpdateSchema } from "@/lib/schemas/site";
import { z } from "@/lib/schemas/z";
import { pathId } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getSite, updateSite } from "@/lib/services/site";

const params = z.object({ id: pathId("Customer"), siteId: pathId("Site") });

// GET /api/api/customer/{id}/site/{siteId} — one site of the customer
export const GET = route({ params }, ({ db, session, params }) => getSite(db, session, params.id, params.siteId));

// PATCH /api/api/customer/{id}/site/{siteId} — change a site, or remove it (status)
export const PATCH = route({ params, body: siteUpdateSchema, privilege: "customers_manage" }, ({ db, session, params, body }) =>
  updateSite(db, session, params.id, params.siteId, body),
);
