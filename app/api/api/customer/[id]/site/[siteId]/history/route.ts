import { z } from "@/lib/schemas/z";
import { pathId } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { siteHistory } from "@/lib/services/site";

const params = z.object({ id: pathId("Customer"), siteId: pathId("Site") });

// GET /api/api/customer/{id}/site/{siteId}/history — who changed what on a site, newest first
export const GET = route({ params }, ({ db, session, params }) => siteHistory(db, session, params.id, params.siteId));
