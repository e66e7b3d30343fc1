import { openApiDocument } from "@/lib/openapi/document";
import { publicRoute } from "@/lib/server/route";

// GET /api/api/openapi.json — this API's OpenAPI 3.1 description; the same for everyone, so caches may keep it
export const GET = publicRoute({ anonymous: true }, async () =>
  Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=3600" } }),
);
