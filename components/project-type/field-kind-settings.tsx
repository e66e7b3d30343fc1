"use client";
import { useTranslations } from "next-intl";
import { ActionIcon, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { CHOICE_KINDS, MAX_DECIMALS, kindOf } from "@/lib/schemas/field-kinds";
import { nextItemId } from "@/lib/schemas/item-ids";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import { removeAt, replaceAt } from "./list-edit";

type Props = {
  field: FieldDefinition;
  errors: Record<string, string | undefined>;
  onChange: (patch: Partial<FieldDefinition>) => void;
};

const numberOrNull = (value: number | string) => (typeof value === "number" ? value : value === "" || Number.isNaN(Number(value)) ? null : Number(value));

/** What a number or a choice field asks besides its title: bounds, decimals and unit; the options. */
export function FieldKindSettings({ field, errors, onChange }: Props) {
  const t = useTranslations();
  const kind = kindOf(field);
  if (kind === "number") {
    return (
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <NumberInput label={t("projectType.fields.min")} value={field.min ?? ""} onChange={(value) => onChange({ min: numberOrNull(value) })} error={errors.min} />
        <NumberInput label={t("projectType.fields.max")} value={field.max ?? ""} onChange={(value) => onChange({ max: numberOrNull(value) })} error={errors.max} />
        <NumberInput
          label={t("projectType.fields.decimals")}
          placeholder={t("projectType.fields.anyDecimals")}
          min={0}
          max={MAX_DECIMALS}
          allowDecimal={false}
          allowNegative={false}
          value={field.decimals ?? ""}
          onChange={(value) => onChange({ decimals: numberOrNull(value) })}
          error={errors.decimals}
        />
        <TextInput label={t("projectType.fields.unit")} value={field.unit ?? ""} onChange={(event) => onChange({ unit: event.currentTarget.value || null })} error={errors.unit} />
      </SimpleGrid>
    );
  }
  if (!CHOICE_KINDS.includes(kind)) return null;
  const options = field.options ?? [];
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t("projectType.fields.options")}
      </Text>
      {options.map((option, index) => (
        <Group key={option.id} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={t("projectType.fields.option", { number: index + 1 })}
            value={option.label}
            onChange={(event) => onChange({ options: replaceAt(options, index, { ...option, label: event.currentTarget.value }) })}
            error={errors[`options.${index}.label`] ?? errors[`options.${index}.id`]}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            disabled={options.length === 1}
            aria-label={t("projectType.fields.removeOption", { option: option.label || index + 1 })}
            onClick={() => onChange({ options: removeAt(options, index) })}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      {errors.options && (
        <Text size="sm" c="red">
          {errors.options}
        </Text>
      )}
      <Group>
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => onChange({ options: [...options, { id: nextItemId(options), label: "" }] })}>
          {t("projectType.fields.addOption")}
        </Button>
      </Group>
    </Stack>
  );
}
