import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { revokeApiToken } from "@/lib/services/api-token";

// DELETE /api/api/token/{id} — revoke one of the member's own tokens
export const DELETE = route({ params: idParams("API token"), browserOnly: true }, ({ db, session, params }) =>
  revokeApiToken(db, session, params.id),
);
