"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { organizationForm } from "@/components/organization/organization-form";

export default function OrganizationProfilePage() {
  return <DetailsTab config={organizationForm} />;
}
