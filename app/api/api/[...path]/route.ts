import { notFound } from "@/lib/server/errors";
import { publicRoute } from "@/lib/server/route";

// Any other /api/api path — a JSON 404 instead of the not-found page
const unknown = publicRoute({}, async () => {
  throw notFound("Resource");
});

export { unknown as GET, unknown as POST, unknown as PATCH, unknown as PUT, unknown as DELETE };
