"use client";
import { Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useDetail } from "@/components/detail/detail-context";
import { FormLoader } from "@/components/form/form-loader";
import { useApi } from "@/lib/client/use-api";
import { AutomaticMessagesForm } from "./automatic-messages-form";
import type { AutomaticMessagesItem } from "./automatic-messages-values";

/** Organization → Automatic messages: what is sent to customers about their visits by itself, and when. */
export function AutomaticMessagesTab() {
  const t = useTranslations();
  const { item } = useDetail<{ id: string }>();
  const path = `/organization/${item.id}/automatic_messages`;
  const { data, error, mutate } = useApi<AutomaticMessagesItem>(path, undefined, { revalidateOnFocus: false });
  if (error)
    return (
      <Text c="red" size="sm">
        {t("automaticMessages.loadFailed")}
      </Text>
    );
  if (!data) return <FormLoader />;
  return <AutomaticMessagesForm path={path} item={data} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}
