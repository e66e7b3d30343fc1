"use client";
import { useLocale } from "next-intl";
import { useMemo } from "react";
import { DetailsTab } from "@/components/form/details-tab";
import { organizationForm } from "@/components/organization/organization-form";

export default function OrganizationProfilePage() {
  const locale = useLocale();
  const config = useMemo(() => organizationForm(locale), [locale]);
  return <DetailsTab config={config} />;
}
