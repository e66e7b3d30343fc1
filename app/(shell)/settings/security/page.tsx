"use client";
import { Stack, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { DetailsTab } from "@/components/form/details-tab";
import { MemberSecurity } from "@/components/member/member-security";
import { emailForm } from "@/components/settings/email-form";

/** One's own sign-in: the email and the password, each confirmed with the current password. */
export default function SecuritySettingsPage() {
  const t = useTranslations();
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("common.email")}
        </Title>
        <DetailsTab config={emailForm} />
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("settings.security.password")}
        </Title>
        <MemberSecurity />
      </Stack>
    </Stack>
  );
}
