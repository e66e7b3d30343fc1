"use client";
import { Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { ORGANIZATION } from "@/components/entities";
import { useDetail } from "@/components/detail/detail-context";
import { DetailsTab } from "@/components/form/details-tab";
import { businessForm } from "./business-form";
import { DocumentNumbersCard } from "./document-numbers-card";
import type { OrganizationItem } from "./organization-item";

const schema = () => import("@/lib/schemas/organization").then((schemas) => schemas.organizationUpdateSchema);

/** Organization → Business details: what quotes and invoices print about the business. */
export function OrganizationBusinessTab() {
  const t = useTranslations();
  const locale = useLocale();
  const { item } = useDetail<OrganizationItem>();
  const config = useMemo(() => businessForm<OrganizationItem>(ORGANIZATION, schema, locale), [locale]);
  return (
    <>
      <Text size="sm" c="dimmed" maw={560}>
        {t("businessDetails.intro")}
      </Text>
      <DetailsTab config={config} />
      <DocumentNumbersCard organizationId={item.id} />
    </>
  );
}
