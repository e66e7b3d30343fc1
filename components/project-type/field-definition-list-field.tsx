"use client";
import { useTranslations } from "next-intl";
import { Button, Group, Input, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useDetail } from "@/components/detail/detail-context";
import type { FieldRenderProps } from "@/components/form/form-config";
import { nextItemId } from "@/lib/schemas/item-ids";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import { errorsAt } from "@/lib/client/field-errors";
import { FieldDefinitionRow } from "./field-definition-row";
import { listOf, moveBy, removeAt, replaceAt } from "./list-edit";
import type { ProjectTypeItem } from "./project-type-item";
import { fieldRemovalBlocked } from "./workflow-usage";

/** The custom fields every project of the type carries. */
export function FieldDefinitionListField({ value, onChange, error, errors = {} }: FieldRenderProps) {
  const t = useTranslations();
  const { workflows } = useDetail<ProjectTypeItem>().item;
  const fields = listOf<FieldDefinition>(value);
  const [added, setAdded] = useState<number | null>(null);

  function add() {
    const id = nextItemId(fields);
    setAdded(id);
    onChange([...fields, { id, title: "", description: "", required: false, kind: "text", validation: null }]);
  }

  return (
    <Input.Wrapper label={t("projectType.fields.label")} error={Object.keys(errors).length === 0 ? error : undefined}>
      <Stack gap="xs" mt={6}>
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("projectType.fields.empty")}
          </Text>
        )}
        {fields.map((field, index) => (
          <FieldDefinitionRow
            key={field.id}
            field={field}
            index={index}
            count={fields.length}
            errors={errorsAt(errors, String(index))}
            autoFocus={field.id === added}
            removeBlocked={fieldRemovalBlocked(workflows, field.id, t)}
            onChange={(next) => onChange(replaceAt(fields, index, next))}
            onMove={(delta) => onChange(moveBy(fields, index, delta))}
            onRemove={() => onChange(removeAt(fields, index))}
          />
        ))}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add}>
            {t("projectType.fields.add")}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
