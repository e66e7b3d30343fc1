"use client";
import { Button, Divider, Stack } from "@mantine/core";
import { IconBrandGoogle, IconBrandWindows } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useApi } from "@/lib/client/use-api";
import { notSupported } from "@/lib/client/toast";
import { MAILBOX_PROVIDERS, type MailboxProvider } from "@/lib/schemas/constants";

const BUTTONS: Record<MailboxProvider, { label: string; icon: ReactNode }> = {
  google: { label: "Continue with Google", icon: <IconBrandGoogle size={18} /> },
  microsoft: { label: "Continue with Microsoft", icon: <IconBrandWindows size={18} /> },
};

/** "Continue with …" for each identity provider this server is configured for; nothing (not even the divider) without one. */
export function ProviderButtons() {
  // The server's configuration does not change while the screen is open.
  const { data } = useApi<Record<MailboxProvider, boolean>>("/session/providers", undefined, { revalidateOnFocus: false, revalidateOnReconnect: false });
  const shown = MAILBOX_PROVIDERS.filter((provider) => data?.[provider]);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label="or" labelPosition="center" />
      {shown.map((provider) => (
        <Button key={provider} variant="default" leftSection={BUTTONS[provider].icon} onClick={notSupported}>
          {BUTTONS[provider].label}
        </Button>
      ))}
    </Stack>
  );
}
