import { apiTokenCreateSchema } from "@/lib/schemas/api-token";
import { route } from "@/lib/server/route";
import { createApiToken, listApiTokens } from "@/lib/services/api-token";

// Tokens are managed only from a browser session, so a leaked token cannot mint more.

// GET /api/api/token — the member's own API tokens
export const GET = route({ browserOnly: true }, ({ db, session }) => listApiTokens(db, session));

// POST /api/api/token — create an API token; its secret is in this answer only
export const POST = route({ body: apiTokenCreateSchema, browserOnly: true, status: 201 }, ({ db, session, body }) =>
  createApiToken(db, session, body),
);
