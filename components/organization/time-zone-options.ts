import type { Option } from "@/components/browse/browse-config";

/** The zone's name in the page's language ("Central European Time"), or nothing where Intl has none of its own. */
function zoneName(zone: string, locale: string, at: Date): string | undefined {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(at);
  const name = parts.find((part) => part.type === "timeZoneName")?.value;
  // Zones without a name of their own read "GMT+03:00": the offset says nothing the id does not.
  return name && !/^(GMT|UTC)([+-]|$)/.test(name) ? name : undefined;
}

const cache = new Map<string, Option[]>();

/** Every IANA time zone the runtime knows, searchable by its id and its name in the page's language. */
export function timeZoneOptions(locale: string): Option[] {
  const known = cache.get(locale);
  if (known) return known;
  const at = new Date();
  const options = [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].map((zone) => {
    const name = zoneName(zone, locale, at);
    const id = zone.replaceAll("_", " ");
    return { value: zone, label: name ? `${id} · ${name}` : id };
  });
  cache.set(locale, options);
  return options;
}
