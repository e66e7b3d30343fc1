"use client";
import { useTranslations } from "next-intl";
import { Badge, Checkbox, Group, Paper, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { FIELD_KINDS, kindOf, type FieldKind } from "@/lib/schemas/field-kinds";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import { FieldInfo } from "./field-info";
import { KIND_LABELS, withKind } from "./field-kind-labels";
import { FieldKindSettings } from "./lazy-field-kind-settings";
import { RowActions } from "./row-actions";
import { usePatternProblem } from "./use-pattern-problem";

type Props = {
  field: FieldDefinition;
  index: number;
  count: number;
  /** Errors of this row by key ("title", "validation"). */
  errors: Record<string, string | undefined>;
  autoFocus: boolean;
  removeBlocked?: string;
  onChange: (field: FieldDefinition) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
};

/** One custom field: title, kind, description, required, and its kind's settings (a text's regular expression, a number's bounds, a choice's options). */
export function FieldDefinitionRow({ field, index, count, errors, autoFocus, removeBlocked, onChange, onMove, onRemove }: Props) {
  const t = useTranslations();
  const edit = (patch: Partial<FieldDefinition>) => onChange({ ...field, ...patch });
  const name = field.title.trim() || t("projectType.fields.unnamed", { id: field.id });
  const patternError = usePatternProblem(field.validation) ?? errors.validation;
  const kind = kindOf(field);
  return (
    <Paper withBorder p="sm" role="group" aria-label={t("projectType.fields.row", { number: index + 1 })} data-testid="field-row">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Group gap={6}>
          <Badge variant="light" color="gray" tt="none">
            #{field.id}
          </Badge>
          <FieldInfo field={field} />
        </Group>
        <RowActions name={name} index={index} count={count} onMove={onMove} onRemove={onRemove} removeBlocked={removeBlocked} />
      </Group>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput
            label={t("projectType.fields.title")}
            required
            autoFocus={autoFocus}
            value={field.title}
            onChange={(event) => edit({ title: event.currentTarget.value })}
            error={errors.title ?? errors.id}
          />
          <Select
            label={t("projectType.fields.kind")}
            data={FIELD_KINDS.map((value) => ({ value, label: t(KIND_LABELS[value] as never) }))}
            value={kind}
            allowDeselect={false}
            onChange={(next) => next && next !== kind && onChange(withKind(field, next as FieldKind))}
            error={errors.kind}
          />
        </SimpleGrid>
        {kind === "text" && (
          <TextInput
            label={t("projectType.fields.validation")}
            description={t("projectType.fields.validationHint")}
            placeholder={t("projectType.fields.anyValue")}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            value={field.validation ?? ""}
            onChange={(event) => edit({ validation: event.currentTarget.value || null })}
            error={patternError}
          />
        )}
        <FieldKindSettings field={field} errors={errors} onChange={edit} />
        <TextInput
          label={t("projectType.fields.description")}
          value={field.description}
          onChange={(event) => edit({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <Checkbox label={t("projectType.fields.required")} checked={field.required} onChange={(event) => edit({ required: event.currentTarget.checked })} />
      </Stack>
    </Paper>
  );
}
