"use client";
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconMessageOff } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { usePhoneDisplay } from "@/components/detail/phone-text";
import { Dialog } from "@/components/dialog/dialog";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { useSubmit } from "@/lib/client/use-submit";

/**
 * Records that the customer asked, by phone or in person, not to be texted at one
 * of its numbers: no text goes to it, automatic or a member's, until the customer
 * replies START (nobody else can undo it, so it asks first).
 */
export function StopTextsButton({ customerId, phone }: { customerId: string; phone: string }) {
  const t = useTranslations();
  const [confirming, setConfirming] = useState(false);
  const { busy, submit } = useSubmit();
  const shown = usePhoneDisplay(phone) ?? phone;

  async function stop() {
    await submit(async () => {
      await api.post(`/customer/${customerId}/sms_opt_out`, { phone });
      setConfirming(false);
      toast("success", translate("customer.contacts.stopTexts.done", { phone: shown }));
      await invalidate(`/customer/${customerId}/consent`, "/history");
    });
  }

  return (
    <>
      <Tooltip label={t("customer.contacts.stopTexts.button")}>
        <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => setConfirming(true)} aria-label={t("customer.contacts.stopTexts.label", { phone: shown })}>
          <IconMessageOff size={16} />
        </ActionIcon>
      </Tooltip>
      <Dialog opened={confirming} onClose={() => setConfirming(false)} title={t("customer.contacts.stopTexts.title", { phone: shown })} centered>
        <Stack gap="md">
          <Text size="sm">{t("customer.contacts.stopTexts.text")}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t("common.cancel")}
            </Button>
            <Button color="red" loading={busy} onClick={() => void stop()}>
              {t("customer.contacts.stopTexts.button")}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
