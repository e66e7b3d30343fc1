"use client";
import { useTranslations } from "next-intl";
import { ActionIcon, Code, Popover, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { kindOf, type FieldKind } from "@/lib/schemas/field-kinds";
import { KIND_LABELS } from "./field-kind-labels";
import { usePatternProblem } from "./use-pattern-problem";

type Described = { title: string; description?: string | null; required?: boolean; validation?: string | null; kind?: FieldKind };

/** The field info popup (spec §2): description, kind, Validation (Any value when there is none; text fields) and Required. */
export function FieldInfo({ field }: { field: Described }) {
  const t = useTranslations();
  const title = field.title.trim() || t("projectType.fieldInfo.thisField");
  const problem = usePatternProblem(field.validation);
  return (
    <Popover width={280} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t("projectType.fieldInfo.about", { title })}>
          <IconInfoCircle size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} data-testid="field-info">
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Text>
          {field.description ? (
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {field.description}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t("projectType.fieldInfo.noDescription")}
            </Text>
          )}
          <Text size="sm">
            {t("projectType.fieldInfo.kind")} {t(KIND_LABELS[kindOf(field)] as never)}
          </Text>
          {kindOf(field) === "text" && <Text size="sm">
            {t("projectType.fieldInfo.validation")}{" "}
            {field.validation ? <Code style={{ overflowWrap: "anywhere" }}>{field.validation}</Code> : t("projectType.fields.anyValue")}
          </Text>}
          {problem && (
            <Text size="sm" c="red">
              {problem}
            </Text>
          )}
          <Text size="sm">
            {t("projectType.fieldInfo.required")} {field.required ? t("common.yes") : t("common.no")}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
