"use client";
import { Input, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { customerBrowse } from "@/components/customer/customer-browse";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PickerField } from "@/components/pickers/picker-field";

/** A conversation with a customer is shared as its customer is: said instead of a sharing editor. */
export function SharingFollowsCustomer() {
  const t = useTranslations();
  return (
    <Input.Wrapper label={t("conversation.field.sharing")}>
      <Text size="sm" c="dimmed" data-testid="sharing-follows-customer">
        {t("conversation.sharingFollowsCustomer")}
      </Text>
    </Input.Wrapper>
  );
}

/** The conversation's customer, chosen in the customer picker. */
export function CustomerPickerField(props: FieldRenderProps) {
  const t = useTranslations();
  return <PickerField {...props} label={t("conversation.field.customer")} config={customerBrowse} />;
}
