"use client";
import { Badge, Button, Group, Input } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslations } from "next-intl";
import { useInSentence, useLabel } from "@/components/shell/use-label";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PickerDialog } from "./picker-dialog";
import type { PickerSource } from "./use-picker-items";

type Props<Item extends { id: string }> = FieldRenderProps &
  PickerSource<Item> & {
    label: string;
    required?: boolean;
    /** The value is a list of ids, chosen with checkboxes and Confirm. */
    multiple?: boolean;
  };

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : typeof value === "string" && value ? [value] : [];

/** A form field holding one id (or several), chosen in a picker dialog and shown as badges. */
export function PickerField<Item extends { id: string }>({ label, required, multiple, value, onChange, error, ...rest }: Props<Item>) {
  const t = useTranslations();
  const text = useLabel();
  const inSentence = useInSentence();
  const [opened, { open, close }] = useDisclosure(false);
  const source = ("config" in rest ? { config: rest.config } : { options: rest.options }) as PickerSource<Item>;
  const ids = idsOf(value);
  const shown = text(label);
  const choose = t("picker.choose", { item: inSentence(shown) });
  const badge = (id: string) => {
    if ("config" in source) return <ReferenceBadge key={id} type={source.config.type} id={id} />;
    const option = source.options.find((o) => o.id === id);
    return (
      <Badge key={id} variant="light" color="gray" tt="none">
        {option?.name ?? id}
      </Badge>
    );
  };
  return (
    <Input.Wrapper label={shown} required={required} error={error}>
      <Group gap="sm" mt={4}>
        {ids.map(badge)}
        <Button variant="default" size="xs" onClick={open}>
          {ids.length > 0 ? t("picker.change") : choose}
        </Button>
        {!required && ids.length > 0 && (
          <Button variant="subtle" color="gray" size="xs" onClick={() => onChange(multiple ? [] : null)}>
            {t("picker.clear")}
          </Button>
        )}
      </Group>
      <PickerDialog<Item>
        {...source}
        title={choose}
        opened={opened}
        onClose={close}
        multiple={multiple}
        value={ids}
        onPick={(picked) => {
          onChange(multiple ? picked : (picked[0] ?? null));
          close();
        }}
      />
    </Input.Wrapper>
  );
}
