"use client";
import { Button, Group } from "@mantine/core";
import { IconMessage, IconPhone } from "@tabler/icons-react";
import { useTranslations } from "next-intl";

/** Call and Text for the number of a visit's customer or site contact, into the device's phone and messages apps. */
export function PhoneButtons({ phone, variant = "default" }: { phone: string; variant?: "default" | "light" }) {
  const t = useTranslations();
  const number = phone.replace(/[^\d+]/g, "");
  return (
    <Group gap="xs" grow>
      <Button component="a" href={`tel:${number}`} variant={variant} leftSection={<IconPhone size={16} />} aria-label={t("visits.callLabel", { phone })}>
        {t("visits.call")}
      </Button>
      <Button component="a" href={`sms:${number}`} variant={variant} leftSection={<IconMessage size={16} />} aria-label={t("visits.textLabel", { phone })}>
        {t("visits.text")}
      </Button>
    </Group>
  );
}
