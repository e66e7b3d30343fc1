import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { id, sameOrganization, timestamps } from "./columns";
import { member } from "./member";
import { location, organization } from "./organization";

/**
 * A private iCalendar feed: a member's own visits (location null), or every visit
 * of one location (an admin's). Only the secret's hash is kept; a new secret
 * (rotating) replaces the row's, so the old address stops working at once.
 */
export const calendarFeed = pgTable(
  "calendar_feed",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    memberId: uuid("member_id").notNull(),
    locationId: uuid("location_id"),
    tokenHash: text("token_hash").notNull().unique(),
    // Written at most once a minute, as API tokens' last use is.
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    sameOrganization("calendar_feed_member_fk", t.organizationId, t.memberId, member).onDelete("cascade"),
    sameOrganization("calendar_feed_location_fk", t.organizationId, t.locationId, location).onDelete("cascade"),
    // One feed per member and scope: a second one replaces the first.
    unique("calendar_feed_member_scope_key").on(t.organizationId, t.memberId, t.locationId).nullsNotDistinct(),
    index("calendar_feed_location_idx").on(t.organizationId, t.locationId),
  ],
);
