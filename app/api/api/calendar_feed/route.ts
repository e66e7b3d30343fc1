import { calendarFeedCreateSchema } from "@/lib/schemas/calendar-feed";
import { route } from "@/lib/server/route";
import { createCalendarFeed, listCalendarFeeds } from "@/lib/services/calendar/feed";

// Feed addresses are secrets: made and turned off only from a browser session, as API tokens are.

// GET /api/api/calendar_feed — the member's own calendar feeds (never their addresses)
export const GET = route({ browserOnly: true }, ({ db, session }) => listCalendarFeeds(db, session));

// POST /api/api/calendar_feed — a new secret address for the member's visits, or (admins) a location's; an earlier one of the same feed stops working
export const POST = route({ body: calendarFeedCreateSchema, browserOnly: true, status: 201 }, ({ db, session, body }) =>
  createCalendarFeed(db, session, body),
);
