import "server-only";
import ical, { ICalCalendarMethod } from "ical-generator";
import { addressLines } from "@/components/customer/site-item";
import { appOrigin } from "@/lib/server/app-origin";

/** What an event needs of a visit (GET /visit's rows). */
export type FeedVisit = {
  id: string;
  project: string;
  project_title: string;
  customer_name: string | null;
  site: string | null;
  start: string | Date | null;
  end: string | Date | null;
  day: string | null;
  instructions: string | null;
  status: string;
  updated: string | Date;
};

export type FeedSite = {
  line1: string | null;
  line2: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  access_notes: string | null;
};

type Words = { name: string; access: string; open: string };

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
};

/** Where a visit is seen in the app: its project's visits. */
export const visitLink = (visit: Pick<FeedVisit, "project">) => `${appOrigin()}/project/${visit.project}/visits`;

/**
 * The feed as iCalendar text: one event per visit, timed ones in UTC, any-time
 * ones as all-day events of their day; the site's address as the event's
 * location, the instructions, access notes and a link back to the visit as its
 * description. A visit keeps its uid, so a calendar app updates it in place.
 */
export function visitsCalendar(visits: FeedVisit[], sites: Map<string, FeedSite>, locale: string, words: Words) {
  const calendar = ical({ name: words.name, method: ICalCalendarMethod.PUBLISH, prodId: { company: "Craftdesk", product: "Schedule", language: locale.slice(0, 2).toUpperCase() }, ttl: 15 * 60 });
  for (const visit of visits) {
    const site = visit.site ? sites.get(visit.site) : undefined;
    const address = site ? addressLines(site, locale).join(", ") : null;
    const link = visitLink(visit);
    const description = [visit.instructions, site?.access_notes ? `${words.access}: ${site.access_notes}` : null, `${words.open}: ${link}`]
      .filter(Boolean)
      .join("\n\n");
    const timing = visit.start && visit.end
      ? { start: new Date(visit.start), end: new Date(visit.end) }
      : { start: new Date(`${visit.day}T00:00:00Z`), end: nextDay(visit.day!), allDay: true };
    calendar.createEvent({
      id: `${visit.id}@craftdesk`,
      ...timing,
      summary: visit.customer_name ? `${visit.project_title} · ${visit.customer_name}` : visit.project_title,
      location: address || null,
      description,
      url: link,
      lastModified: new Date(visit.updated),
      stamp: new Date(visit.updated),
    });
  }
  return calendar.toString();
}
