"use client";
import { CustomerRecord } from "@/components/customer/customer-record";

export default function CustomerDetailsPage() {
  return <CustomerRecord />;
}
