"use client";
import { PaymentsTab } from "@/components/organization/payments-tab";

export default function OrganizationPaymentsPage() {
  return <PaymentsTab />;
}
