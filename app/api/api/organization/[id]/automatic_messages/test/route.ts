import { automaticMessageTestSchema } from "@/lib/schemas/automatic-messages";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { testAutomaticMessage } from "@/lib/services/automatic-messages/preview";

// POST /api/api/organization/{id}/automatic_messages/test — send a trigger's message for a sample visit to one's own email or phone
export const POST = route({ params: idParams("Organization"), body: automaticMessageTestSchema, privilege: "admin" }, ({ db, session, params, body }) =>
  testAutomaticMessage(db, session, params.id, body),
);
