import { locationUpdateSchema } from "@/lib/schemas/location";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getLocation, updateLocation } from "@/lib/services/location";

// GET /api/api/location/{id} — one location
export const GET = route({ params: idParams("Location") }, ({ db, session, params }) => getLocation(db, session, params.id));

// PATCH /api/api/location/{id} — change name, status or sharing
export const PATCH = route(
  { params: idParams("Location"), body: locationUpdateSchema, privilege: "admin" },
  ({ db, session, params, body }) => updateLocation(db, session, params.id, body),
);
