import { optionsOf } from "@/components/browse/common-filters";
import { CUSTOMER_TYPES } from "@/lib/schemas/customer";
import { STATUS_ACTIVE_REMOVED } from "@/lib/schemas/list-query";
import type { Sharing } from "@/lib/schemas/sharing";

/** A customer as GET /customer and GET /customer/{id} answer it. */
export type CustomerItem = {
  id: string;
  type: (typeof CUSTOMER_TYPES)[number];
  name: string;
  phone: string | null;
  email: string | null;
  line1: string | null;
  line2: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  status: (typeof STATUS_ACTIVE_REMOVED)[number];
  location: string | null;
  sharing: Sharing;
  organization: string;
  created: string;
  updated: string;
};

export const CUSTOMER_TYPE_OPTIONS = optionsOf(CUSTOMER_TYPES, { individual: "Individual", organization: "Organization" });
export const CUSTOMER_STATUS_OPTIONS = optionsOf(STATUS_ACTIVE_REMOVED);

/** Address and contact fields, in form order. */
export const CUSTOMER_CONTACT_FIELDS = [
  { key: "phone", label: "Phone" },
  { key: "email", label: "Email", kind: "email" as const },
  { key: "line1", label: "Address line 1" },
  { key: "line2", label: "Address line 2" },
  { key: "zip", label: "ZIP / postcode" },
  { key: "city", label: "City" },
  { key: "state", label: "State" },
  { key: "country", label: "Country" },
] as const;
