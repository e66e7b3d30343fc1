import "server-only";
import type { Db } from "@/db/client";
import type { z } from "@/lib/schemas/z";
import type { locationCreateSchema, locationUpdateSchema } from "@/lib/schemas/location";
import { createItem, getItem, listResponse, updateItem, type ListQuery } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { locationEntity } from "@/lib/entities/location";

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
