"use client";
import { IntegrationsTab } from "@/components/organization/integrations-tab";

export default function OrganizationIntegrationsPage() {
  return <IntegrationsTab />;
}
