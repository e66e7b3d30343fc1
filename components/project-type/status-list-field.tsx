"use client";
import { useTranslations } from "next-intl";
import { Badge, Button, Group, Input, Paper, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useDetail } from "@/components/detail/detail-context";
import type { FieldRenderProps } from "@/components/form/form-config";
import { nextItemId } from "@/lib/schemas/item-ids";
import type { ProjectStatus } from "@/lib/schemas/project-fields";
import { listOf, moveBy, removeAt, replaceAt } from "./list-edit";
import type { ProjectTypeItem } from "./project-type-item";
import { RowActions } from "./row-actions";
import { statusRemovalBlocked } from "./workflow-usage";

/** The statuses of a project type, in order; the first is where new projects start. */
export function StatusListField({ value, onChange, error, errors = {} }: FieldRenderProps) {
  const t = useTranslations();
  const { workflows } = useDetail<ProjectTypeItem>().item;
  const statuses = listOf<ProjectStatus>(value);
  const [added, setAdded] = useState<number | null>(null);
  const edit = (index: number, patch: Partial<ProjectStatus>) => onChange(replaceAt(statuses, index, { ...statuses[index], ...patch }));

  function add() {
    const id = nextItemId(statuses);
    setAdded(id);
    onChange([...statuses, { id, title: "", description: "", needs_scheduling: false }]);
  }

  return (
    <Input.Wrapper
      label={t("projectType.statuses.label")}
      description={t("projectType.statuses.hint")}
      error={Object.keys(errors).length === 0 ? error : undefined}
    >
      <Stack gap="xs" mt={6}>
        {statuses.map((status, index) => {
          const name = status.title.trim() || t("projectType.statuses.unnamed", { id: status.id });
          return (
            <Paper key={status.id} withBorder p="sm" role="group" aria-label={t("projectType.statuses.row", { number: index + 1 })} data-testid="status-row">
              <Group justify="space-between" mb={6} wrap="nowrap">
                <Group gap={6}>
                  <Badge variant="light" color="gray" tt="none">
                    #{status.id}
                  </Badge>
                  {index === 0 && (
                    <Badge variant="light" tt="none">
                      {t("projectType.statuses.default")}
                    </Badge>
                  )}
                </Group>
                <RowActions
                  name={name}
                  index={index}
                  count={statuses.length}
                  onMove={(delta) => onChange(moveBy(statuses, index, delta))}
                  onRemove={() => onChange(removeAt(statuses, index))}
                  removeBlocked={statusRemovalBlocked(workflows, status.id, t)}
                />
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <TextInput
                  label={t("projectType.statuses.title")}
                  required
                  autoFocus={status.id === added}
                  value={status.title}
                  onChange={(event) => edit(index, { title: event.currentTarget.value })}
                  error={errors[`${index}.title`] ?? errors[`${index}.id`]}
                />
                <TextInput
                  label={t("projectType.statuses.description")}
                  value={status.description}
                  onChange={(event) => edit(index, { description: event.currentTarget.value })}
                  error={errors[`${index}.description`]}
                />
              </SimpleGrid>
              <Switch
                mt="xs"
                label={t("projectType.statuses.needsScheduling")}
                description={t("projectType.statuses.needsSchedulingHint")}
                checked={status.needs_scheduling}
                onChange={(event) => edit(index, { needs_scheduling: event.currentTarget.checked })}
                error={errors[`${index}.needs_scheduling`]}
              />
            </Paper>
          );
        })}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add}>
            {t("projectType.statuses.add")}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
