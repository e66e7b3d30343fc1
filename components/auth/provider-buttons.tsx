"use client";
import { Button, Divider, Stack } from "@mantine/core";
import { IconBrandGoogle, IconBrandWindows } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useApi } from "@/lib/client/use-api";
import { notSupported } from "@/lib/client/toast";
import { MAILBOX_PROVIDERS, type MailboxProvider } from "@/lib/schemas/constants";

// Labels are catalogue keys.
const BUTTONS: Record<MailboxProvider, { label: string; icon: ReactNode }> = {
  google: { label: "auth.providers.google", icon: <IconBrandGoogle size={18} /> },
  microsoft: { label: "auth.providers.microsoft", icon: <IconBrandWindows size={18} /> },
};

/** "Continue with …" for each identity provider this server is configured for; nothing (not even the divider) without one. */
export function ProviderButtons() {
  const t = useTranslations();
  // The server's configuration does not change while the screen is open.
  const { data } = useApi<Record<MailboxProvider, boolean>>("/session/providers", undefined, { revalidateOnFocus: false, revalidateOnReconnect: false });
  const shown = MAILBOX_PROVIDERS.filter((provider) => data?.[provider]);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label={t("auth.providers.or")} labelPosition="center" />
      {shown.map((provider) => (
        <Button key={provider} variant="default" leftSection={BUTTONS[provider].icon} onClick={notSupported}>
          {t(BUTTONS[provider].label)}
        </Button>
      ))}
    </Stack>
  );
}
