import { Avatar, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { HistoryField } from "@/components/detail/history-value";
import { PhoneText } from "@/components/detail/phone-text";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import { fileUrl } from "@/lib/client/api";
import type { FieldConfig } from "./form-config";

function YesNo({ value }: { value: boolean }) {
  const t = useTranslations();
  return <>{value ? t("common.yes") : t("common.no")}</>;
}

function historyFieldOf(field: FieldConfig): HistoryField {
  const { reference } = field;
  if (reference) return { label: field.label, format: (value) => <ReferenceBadge type={reference} id={String(value)} /> };
  switch (field.kind) {
    case "select":
      return { label: field.label, options: field.options };
    case "tel":
      return {
        label: field.label,
        format: (value) => (
          <Text span size="sm" fw={500}>
            <PhoneText phone={String(value)} />
          </Text>
        ),
      };
    case "switch":
      return { label: field.label, format: (value) => <YesNo value={Boolean(value)} /> };
    case "image":
      return {
        label: field.label,
        format: (value) => <Avatar src={fileUrl(String(value))} size="sm" radius="sm" alt="" />,
      };
    default:
      return { label: field.label };
  }
}

/** History reads a field the way its form shows it: same label, same option labels, images as thumbnails. */
export function historyFieldsOf(fields: FieldConfig[]): Record<string, HistoryField> {
  return Object.fromEntries(fields.map((field) => [field.key, historyFieldOf(field)]));
}
