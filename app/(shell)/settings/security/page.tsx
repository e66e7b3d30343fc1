"use client";
import { Stack, Title } from "@mantine/core";
import { DetailsTab } from "@/components/form/details-tab";
import { MemberSecurity } from "@/components/member/member-security";
import { emailForm } from "@/components/settings/email-form";

/** One's own sign-in: the email and the password, each confirmed with the current password. */
export default function SecuritySettingsPage() {
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Email
        </Title>
        <DetailsTab config={emailForm} />
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Password
        </Title>
        <MemberSecurity />
      </Stack>
    </Stack>
  );
}
