import { locationCreateSchema, locationListQuerySchema } from "@/lib/schemas/location";
import { route } from "@/lib/server/route";
import { createLocation, listLocations } from "@/lib/services/location";

// GET /api/api/location — list locations
export const GET = route({ query: locationListQuerySchema }, ({ db, session, query }) =>
  listLocations(db, session, query),
);

// POST /api/api/location — create a location
export const POST = route(
  { body: locationCreateSchema, privilege: "admin", status: 201 },
  ({ db, session, body }) => createLocation(db, session, body),
);
