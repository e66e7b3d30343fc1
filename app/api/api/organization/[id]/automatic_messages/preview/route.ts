import { automaticMessagePreviewSchema } from "@/lib/schemas/automatic-messages";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { previewAutomaticMessage } from "@/lib/services/automatic-messages/preview";

// POST /api/api/organization/{id}/automatic_messages/preview — a trigger's texts filled in for a sample visit, nothing saved
export const POST = route({ params: idParams("Organization"), body: automaticMessagePreviewSchema }, ({ db, session, params, body }) =>
  previewAutomaticMessage(db, session, params.id, body),
);
