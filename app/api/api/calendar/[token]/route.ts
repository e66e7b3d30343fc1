import { z } from "@/lib/schemas/z";
import { pathToken } from "@/lib/server/params";
import { publicRoute } from "@/lib/server/route";
import { readCalendarFeed } from "@/lib/services/calendar/read";

// GET /api/api/calendar/{token} — a calendar app reads a member's (or a location's) visits as iCalendar; the secret address is the only credential
export const GET = publicRoute(
  { params: z.object({ token: pathToken("Calendar feed") }), anonymous: true },
  ({ db, params, ip }) => readCalendarFeed(db, params.token, ip),
);
