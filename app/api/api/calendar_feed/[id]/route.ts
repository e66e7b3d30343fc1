import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { removeCalendarFeed } from "@/lib/services/calendar/feed";

// DELETE /api/api/calendar_feed/{id} — turn one of the member's feeds off; its address answers 404 from then on
export const DELETE = route({ params: idParams("Calendar feed"), browserOnly: true }, ({ db, session, params }) =>
  removeCalendarFeed(db, session, params.id),
);
