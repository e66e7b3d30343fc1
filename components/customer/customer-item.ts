import { CUSTOMER_TYPE_LABELS, CUSTOMER_TYPES } from "@/lib/schemas/constants";
import type { customerEntity } from "@/lib/entities/customer";
import type { Jsonify } from "@/lib/schemas/jsonify";
import { optionsOf } from "@/components/browse/common-filters";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/lists";

/** A customer as GET /customer and GET /customer/{id} answer it. */
export type CustomerItem = Jsonify<ReturnType<(typeof customerEntity)["view"]>>;

export const CUSTOMER_TYPE_OPTIONS = optionsOf(CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS);
export const CUSTOMER_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED);

/** Address and contact fields, in form order. */
export const CUSTOMER_CONTACT_FIELDS = [
  { key: "phone", label: "Phone", kind: "tel" as const },
  { key: "email", label: "Email", kind: "email" as const },
  { key: "line1", label: "Address line 1" },
  { key: "line2", label: "Address line 2" },
  { key: "zip", label: "ZIP / postcode" },
  { key: "city", label: "City" },
  { key: "state", label: "State" },
  { key: "country", label: "Country" },
] as const;
