import type { Entity } from "@/components/entities";
import { formHeading } from "@/components/entities";
import type { FormConfig, SchemaLoader } from "@/components/form/form-config";
import { holds } from "@/lib/client/use-session";
import type { z } from "zod";
import { businessFields, type Inherited } from "./business-fields";
import { businessPayload, businessValues, type BusinessItem } from "./business-values";

type Owner = { id: string; name: string; business: BusinessItem };

/**
 * The Business details tab of the organization and of a location: one form over the
 * details, saved together as `business` through the entity's own PATCH and schema.
 * Only administrators change them; everyone else reads them.
 */
export function businessForm<Item extends Owner>(entity: Entity, schema: SchemaLoader<z.ZodType>, locale: string, inherited?: Inherited): FormConfig<Item> {
  return {
    ...formHeading(entity),
    name: (item) => item.name,
    update: {
      editable: (_item, session) => holds(session, "admin"),
      fields: businessFields(locale, inherited),
      schema,
      values: (item) => businessValues(item.business),
      payload: (_changes, values) => businessPayload(values),
      toast: "businessDetails.saved",
    },
  };
}
