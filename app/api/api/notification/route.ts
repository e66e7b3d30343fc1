import { notificationPatchSchema } from "@/lib/schemas/notification";
import { route } from "@/lib/server/route";
import { listNotifications, updateNotifications } from "@/lib/services/notification";

// GET /api/api/notification — the member's notifications, newest first
export const GET = route({}, ({ db, session }) => listNotifications(db, session));

// PATCH /api/api/notification — mark read or remove by ids
export const PATCH = route({ body: notificationPatchSchema }, ({ db, session, body }) =>
  updateNotifications(db, session, body),
);
