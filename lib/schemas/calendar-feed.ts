import { z } from "./z";

/** POST /calendar_feed: a new address for the member's own visits, or (admins) for every visit of one location. */
export const calendarFeedCreateSchema = z.strictObject({
  location: z.uuid({ error: "validation.param.id" }).nullable().default(null),
});

export type CalendarFeedCreate = z.input<typeof calendarFeedCreateSchema>;

const date = z.iso.datetime({ offset: true });

/** A feed as GET /calendar_feed lists it; its address is never in it. */
export const calendarFeedView = z
  .object({
    id: z.uuid(),
    location: z.uuid().nullable().meta({ description: "null: the member's own visits; else every visit of this location" }),
    created: date,
    last_fetched: date.nullable(),
  })
  .meta({ id: "CalendarFeed" });

/** POST /calendar_feed: the feed with its secret address, shown this once. */
export const calendarFeedCreatedView = calendarFeedView.extend({ url: z.string() }).meta({ id: "CalendarFeedCreated" });
