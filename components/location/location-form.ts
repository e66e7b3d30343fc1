import type { FormConfig } from "@/components/form/form-config";
import type { locationCreateSchema, locationUpdateSchema } from "@/lib/schemas/location";
import { LOCATION_STATUS_OPTIONS, type LocationItem } from "./location-item";
import { holds } from "@/lib/client/use-session";
import { LOCATION, formHeading } from "@/components/entities";

export const locationForm: FormConfig<LocationItem, typeof locationCreateSchema, typeof locationUpdateSchema> = {
  ...formHeading(LOCATION),
  alsoInvalidate: ["/session"],
  name: (item) => item.name,
  create: {
    title: "location.browse.new",
    fields: [{ key: "name", label: "common.name", kind: "text", required: true }],
    schema: () => import("@/lib/schemas/location").then((schemas) => schemas.locationCreateSchema),
    initial: { name: "" },
  },
  update: {
    editable: (_item, session) => holds(session, "admin"),
    fields: [
      { key: "name", label: "common.name", kind: "text", required: true },
      { key: "status", label: "location.field.status", kind: "select", required: true, options: LOCATION_STATUS_OPTIONS },
      { key: "sharing", label: "location.field.sharing", kind: "sharing", excludeSelf: true },
    ],
    schema: () => import("@/lib/schemas/location").then((schemas) => schemas.locationUpdateSchema),
    values: (item) => ({ name: item.name, status: item.status, sharing: item.sharing }),
  },
};
