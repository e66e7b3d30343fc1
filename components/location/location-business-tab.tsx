"use client";
import { Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { LOCATION } from "@/components/entities";
import { DetailsTab } from "@/components/form/details-tab";
import { FormLoader } from "@/components/form/form-loader";
import { businessForm } from "@/components/organization/business-form";
import type { BusinessItem } from "@/components/organization/business-values";
import type { OrganizationItem } from "@/components/organization/organization-item";
import { useApi } from "@/lib/client/use-api";
import { useSession } from "@/lib/client/use-session";
import type { LocationItem } from "./location-item";

const schema = () => import("@/lib/schemas/location").then((schemas) => schemas.locationUpdateSchema);
const NONE: BusinessItem = {};

/**
 * A location's Business details: only where they differ from the organization's. Its
 * empty inputs show the organization's values, which its documents print instead.
 */
export function LocationBusinessTab() {
  const t = useTranslations();
  const locale = useLocale();
  const { data: session } = useSession();
  const { data: organization, error } = useApi<OrganizationItem>(session ? `/organization/${session.organization.id}` : null);
  // Without the organization's details the form still works, only without its values as hints.
  const inherited = organization?.business ?? (error ? NONE : undefined);
  const config = useMemo(
    () =>
      inherited &&
      businessForm<LocationItem>(LOCATION, schema, locale, { details: inherited, asInherited: (value) => t("businessDetails.asOrganization", { value }) }),
    [inherited, locale, t],
  );
  if (!config) return <FormLoader />;
  return (
    <>
      <Text size="sm" c="dimmed" maw={560}>
        {t("businessDetails.locationIntro")}
      </Text>
      <DetailsTab config={config} />
    </>
  );
}
