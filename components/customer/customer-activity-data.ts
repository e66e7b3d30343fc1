"use client";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { CustomerActivity } from "@/lib/services/customer-activity";
import { useApi } from "@/lib/client/use-api";

/** GET /customer/{id}/activity as the record page receives it. */
export type CustomerActivityAnswer = Jsonify<CustomerActivity>;
export type ActivityItem = CustomerActivityAnswer["items"][number];
export type ActivityFile = CustomerActivityAnswer["files"][number];

export const activityPath = (customerId: string) => `/customer/${customerId}/activity`;

export const useCustomerActivity = (customerId: string) =>
  useApi<CustomerActivityAnswer>(activityPath(customerId), undefined, { shouldRetryOnError: false });
