import { CUSTOMER_TYPES, type CustomerType } from "@/lib/schemas/constants";
import type { customerEntity } from "@/lib/entities/customer";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { Option } from "@/components/browse/browse-config";

/** A customer as GET /customer and GET /customer/{id} answer it. */
export type CustomerItem = Jsonify<ReturnType<(typeof customerEntity)["view"]>>;

/** A customer's type as the screens name it (catalogue keys). */
export const CUSTOMER_TYPE_KEYS: Record<CustomerType, string> = {
  individual: "customer.type.individual",
  organization: "customer.type.organization",
};

export const CUSTOMER_TYPE_OPTIONS: Option[] = CUSTOMER_TYPES.map((value) => ({ value, label: CUSTOMER_TYPE_KEYS[value] }));
export const CUSTOMER_STATUS_OPTIONS: Option[] = [
  { value: "active", label: "customer.status.active" },
  { value: "removed", label: "customer.status.removed" },
];

/** Address and contact fields, in form order; `label` is the CSV column (kept in English, as imports read it), `labelKey` what screens show. */
export const CUSTOMER_CONTACT_FIELDS = [
  { key: "phone", label: "Phone", labelKey: "customer.field.phone", kind: "tel" as const },
  { key: "email", label: "Email", labelKey: "customer.field.email", kind: "email" as const },
  { key: "line1", label: "Address line 1", labelKey: "customer.field.line1" },
  { key: "line2", label: "Address line 2", labelKey: "customer.field.line2" },
  { key: "zip", label: "ZIP / postcode", labelKey: "customer.field.zip" },
  { key: "city", label: "City", labelKey: "customer.field.city" },
  { key: "state", label: "State", labelKey: "customer.field.state" },
  { key: "country", label: "Country", labelKey: "customer.field.country" },
] as const;
