import { loginSchema, switchLocationSchema } from "@/lib/schemas/auth";
import { publicRoute, route } from "@/lib/server/route";
import { logIn, logOut, sessionView, switchLocation } from "@/lib/services/session";

// POST /api/api/session — log in
export const POST = publicRoute({ body: loginSchema }, async ({ db, req, ip, body, headers }) => {
  const { cookie, view } = await logIn(db, req, ip, body);
  headers.append("Set-Cookie", cookie);
  return view;
});

// GET /api/api/session — the signed-in member, organization and location
export const GET = route({}, ({ db, session }) => sessionView(db, session));

// PATCH /api/api/session — switch location (null for organization level)
export const PATCH = route({ body: switchLocationSchema, browserOnly: true }, ({ db, session, body }) =>
  switchLocation(db, session, body.location),
);

// DELETE /api/api/session — log out
export const DELETE = route({ browserOnly: true }, async ({ db, req, session, headers }) => {
  headers.append("Set-Cookie", await logOut(db, req, session));
});
