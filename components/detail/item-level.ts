import { isSharing } from "@/components/sharing/sharing-levels";
import type { SessionView } from "@/lib/client/use-session";
import type { SharingLevel } from "@/lib/schemas/sharing";
import { levelAt } from "@/lib/schemas/sharing-level";
import type { DetailConfig } from "./detail-config";

/**
 * The session's level on a loaded item by the server's own rule (ARCHITECTURE.md §4):
 * `view` marks a record shared with the session's location to look at only, so its
 * screens show it read-only and offer none of the changes the server would refuse.
 */
export function itemLevel<Item>(config: Pick<DetailConfig<Item>, "place" | "own">, item: Item, session: SessionView): SharingLevel {
  if (config.own?.(item, session)) return "edit";
  const scoped = item as { location?: unknown; sharing?: unknown };
  if (!isSharing(scoped.sharing)) return "edit";
  const place = config.place ? config.place(item) : typeof scoped.location === "string" ? scoped.location : null;
  return levelAt(session.location?.id ?? null, { location: place, sharing: scoped.sharing });
}
