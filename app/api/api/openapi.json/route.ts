import { publicRoute } from "@/lib/server/route";

// GET /api/api/openapi.json — this API's OpenAPI 3.1 description; the same for everyone, so caches may keep it
// The document reads every route module, this one too: loaded when asked for, so neither loads the other first.
export const GET = publicRoute({ anonymous: true }, async () => {
  const { openApiDocument } = await import("@/lib/openapi/document");
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=3600" } });
});
