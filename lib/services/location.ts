import "server-only";
import type { Db } from "@/db/client";
import { location } from "@/db/schema/organization";
import type { z } from "@/lib/schemas/z";
import type { locationCreateSchema, locationUpdateSchema } from "@/lib/schemas/location";
import { caseless, createItem, getItem, listResponse, updateItem, type ListQuery, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";

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
  fields: { name: "name", status: "status", sharing: "sharing" },
  view: locationView,
  rowLocation: (row) => row.id,
};

function locationView(row: LocationRow) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    sharing: row.sharing,
    organization: row.organizationId,
    created: row.createdAt,
    updated: row.updatedAt,
  };
}

export const listLocations = (db: Db, session: SessionContext, query: ListQuery) =>
  listResponse(db, session, locationEntity, query);

export const getLocation = (db: Db, session: SessionContext, id: string) => getItem(db, session, locationEntity, id);

export const createLocation = (db: Db, session: SessionContext, input: z.output<typeof locationCreateSchema>) =>
  createItem(db, session, locationEntity, input);

export const updateLocation = (
  db: Db,
  session: SessionContext,
  id: string,
  patch: z.output<typeof locationUpdateSchema>,
) => updateItem(db, session, locationEntity, id, patch);
