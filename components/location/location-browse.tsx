import { NAME_SORTS, sharingFilter, statusFilter } from "@/components/browse/common-filters";
import { useLabel } from "@/components/shell/use-label";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { RelativeTime } from "@/components/detail/relative-time";
import { LEVEL_LABELS } from "@/components/sharing/sharing-levels";
import { LOCATION_LIST, STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";
import type { LocationItem } from "./location-item";
import { LOCATION, browseHeading } from "@/components/entities";

/** A sharing level's label, in the page's language where it is a catalogue key. */
function LevelLabel({ label }: { label: string }) {
  const configLabel = useLabel();
  return <>{configLabel(label)}</>;
}

/** Spec §9: location exports stop at 100 rows. */
const LOCATION_EXPORT_LIMIT = 100;

export const locationBrowse: BrowseConfig<LocationItem> = {
  ...browseHeading(LOCATION),
  create: { label: "location.browse.new", privilege: LOCATION.createPrivilege, first: "location.browse.first" },
  list: LOCATION_LIST,
  filters: [
    statusFilter(STATUS_ACTIVE_REMOVED),
    // At organization level every location is visible; the filter only means something at a location.
    { ...sharingFilter, visible: (session) => session.location !== null },
  ],
  sorts: NAME_SORTS,
  name: (item) => item.name,
  status: (item) => item.status,
  // A location is its own place, so it never carries another location's badge.
  columns: [
    { header: "location.field.sharing", cell: (item) => <LevelLabel label={LEVEL_LABELS[item.sharing.default]} />, visibleFrom: "sm" },
    { header: "location.column.created", cell: (item) => <RelativeTime date={item.created} />, visibleFrom: "md" },
    { header: "location.column.updated", cell: (item) => <RelativeTime date={item.updated} /> },
  ],
  // The export's headers stay English: an exported file is read back by the importer and by scripts.
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Name", value: (item) => item.name },
    { header: "Status", value: (item) => item.status },
    { header: "Sharing", value: (item) => LEVEL_LABELS[item.sharing.default] },
    { header: "Created", value: (item) => item.created },
    { header: "Updated", value: (item) => item.updated },
  ],
  exportLimit: LOCATION_EXPORT_LIMIT,
};
