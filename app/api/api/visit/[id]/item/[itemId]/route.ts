import { visitItemUpdateSchema } from "@/lib/schemas/visit-item";
import { z } from "@/lib/schemas/z";
import { pathId } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { deleteVisitItem, updateVisitItem } from "@/lib/services/visit-item";

const params = z.object({ id: pathId("Visit"), itemId: pathId("Visit item") });

// PATCH /api/api/visit/{id}/item/{itemId} — change time or a material recorded on a visit, until it is invoiced (409 then)
export const PATCH = route({ params, body: visitItemUpdateSchema }, ({ db, session, params, body }) => updateVisitItem(db, session, params.id, params.itemId, body));

// DELETE /api/api/visit/{id}/item/{itemId} — remove time or a material recorded by mistake, until it is invoiced (409 then)
export const DELETE = route({ params }, async ({ db, session, params }) => {
  await deleteVisitItem(db, session, params.id, params.itemId);
});
