"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { roleForm } from "@/components/role/role-form";

export default function RoleDetailsPage() {
  return <DetailsTab config={roleForm} />;
}
