import "server-only";
import { location } from "@/db/schema/organization";
import { caseless, type ScopedEntity } from "@/lib/server/scoped";

type LocationRow = typeof location.$inferSelect;

export const locationEntity: ScopedEntity<LocationRow, ReturnType<typeof locationView>> = {
  type: "location",
  resource: "Location",
  table: location,
  columns: {
    id: location.id,
    organizationId: location.organizationId,
    // A location is where it is: members working there see it as their own.
    location: location.id,
    sharing: location.sharing,
    status: location.status,
    search: location.name,
  },
  sorts: { created: location.createdAt, updated: location.updatedAt, name: caseless(location.name) },
  fields: { name: "name", status: "status", sharing: "sharing", business: "business" },
  view: locationView,
  rowLocation: (row) => row.id,
};

function locationView(row: LocationRow) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    sharing: row.sharing,
    business: row.business,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}
