import type { siteView } from "@/lib/entities/site";
import type { contactView } from "@/lib/entities/contact";
import type { Jsonify } from "@/lib/schemas/jsonify";

/** A site as GET /customer/{id}/site answers it. */
export type SiteItem = Jsonify<ReturnType<typeof siteView>>;
/** A contact as GET /customer/{id}/contact answers it. */
export type ContactItem = Jsonify<ReturnType<typeof contactView>>;

/** The customer's sites or contacts, active and removed: the cards show removed ones with a suffix. */
export const PARTS_QUERY = { status: ["active", "removed"], limit: 200 };

/** How a site is named: its label, else its first address line, else its city; null when it has none of them. */
export const siteName = (site: Pick<SiteItem, "label" | "line1" | "city">): string | null => site.label ?? site.line1 ?? site.city ?? null;

/** The site's address as it is written on an envelope, one line each; the country by its name in the page's language. */
export function addressLines(site: Pick<SiteItem, "line1" | "line2" | "zip" | "city" | "state" | "country">, locale: string): string[] {
  const country = site.country ? (new Intl.DisplayNames([locale], { type: "region" }).of(site.country) ?? site.country) : null;
  const town = [site.zip, site.city].filter(Boolean).join(" ");
  return [site.line1, site.line2, town, site.state, country].filter((line): line is string => Boolean(line));
}

/**
 * A link the device's own map app opens with the address searched: Apple Maps on
 * Apple devices, a geo: URI on Android (any map app answers it), OpenStreetMap's
 * search in other browsers. No map is drawn here.
 */
export function mapUrl(lines: string[], userAgent: string): string {
  const query = encodeURIComponent(lines.join(", "));
  if (/iPhone|iPad|iPod|Macintosh/.test(userAgent)) return `https://maps.apple.com/?q=${query}`;
  if (/Android/.test(userAgent)) return `geo:0,0?q=${query}`;
  return `https://www.openstreetmap.org/search?query=${query}`;
}
