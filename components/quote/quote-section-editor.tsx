"use client";
import { Draggable, Droppable, type DraggableProvided } from "@hello-pangea/dnd";
import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconBook, IconDots, IconGripVertical, IconPlus, IconTrash } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import type { TaxRateItem } from "@/components/price-item/price-item-item";
import { formatMoney } from "@/lib/money/format";
import { QuoteLineEditor, type StoredLine } from "./quote-line-editor";

/** A section as stored, as far as its lines' margins need it. */
export type StoredSection = { lines: StoredLine[] };
import type { LineValues, SectionValues } from "./quote-values";

type Props = {
  section: SectionValues;
  /** The section as stored, for its lines' nets and margins. */
  stored: StoredSection | undefined;
  net: number;
  lineNets: Record<string, number>;
  /** Its place among the option's sections, and how many there are. */
  index: number;
  count: number;
  /** Lines before this section in the option, so lines are numbered through the option. */
  firstLine: number;
  currency: string;
  rates: TaxRateItem[];
  errorOf: (path: string) => Record<string, string>;
  locked: boolean;
  /** Lines may be optional, ticked by the customer (quotes). */
  optionalLines: boolean;
  onChange: (section: SectionValues) => void;
  onMoveSection: (step: -1 | 1) => void;
  onRemove: () => void;
  onStepLine: (index: number, step: -1 | 1) => void;
  /** Whether a line at an edge of this section still has somewhere to go (the next or previous section). */
  hasNext: boolean;
  onAddFromBook: () => void;
  onAddFree: () => void;
  drag: DraggableProvided;
};

/** A section: its title, its lines (dropped here from anywhere in the option) and its subtotal. */
export function QuoteSectionEditor(props: Props) {
  const { section, stored, net, lineNets, index, count, firstLine, currency, rates, errorOf, locked, onChange, drag } = props;
  const t = useTranslations();
  const locale = useLocale();
  const setLine = (at: number, patch: Partial<LineValues>) =>
    onChange({ ...section, lines: section.lines.map((line, i) => (i === at ? { ...line, ...patch } : line)) });
  const removeLine = (at: number) => onChange({ ...section, lines: section.lines.filter((_, i) => i !== at) });
  const name = section.title || t("quote.section.untitled", { number: index + 1 });
  return (
    <Paper ref={drag.innerRef} {...drag.draggableProps} withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" data-testid="quote-section" aria-label={name} component="section">
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap">
          <ActionIcon {...drag.dragHandleProps} component="div" variant="subtle" color="gray" aria-label={t("quote.section.drag", { section: name })}>
            <IconGripVertical size={16} />
          </ActionIcon>
          <TextInput
            aria-label={t("quote.section.title")}
            placeholder={t("quote.section.titlePlaceholder")}
            value={section.title}
            onChange={(event) => onChange({ ...section, title: event.currentTarget.value })}
            error={errorOf("title").title}
            style={{ flex: 1 }}
            fw={600}
          />
          {!locked && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t("quote.section.actions", { section: name })}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconArrowUp size={14} />} disabled={index === 0} onClick={() => props.onMoveSection(-1)}>
                  {t("quote.section.moveUp")}
                </Menu.Item>
                <Menu.Item leftSection={<IconArrowDown size={14} />} disabled={index === count - 1} onClick={() => props.onMoveSection(1)}>
                  {t("quote.section.moveDown")}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} disabled={count === 1} onClick={props.onRemove}>
                  {t("quote.section.remove")}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Droppable droppableId={section.id} type="line" isDropDisabled={locked}>
          {(provided, snapshot) => (
            <Stack
              ref={provided.innerRef}
              {...provided.droppableProps}
              gap={6}
              component="ol"
              style={{ listStyle: "none", margin: 0, padding: 0, minHeight: 32 }}
              data-over={snapshot.isDraggingOver || undefined}
            >
              {section.lines.length === 0 && !snapshot.isDraggingOver && (
                <Text size="sm" c="dimmed" py={6}>
                  {t("quote.section.empty")}
                </Text>
              )}
              {section.lines.map((line, at) => (
                <Draggable key={line.id} draggableId={line.id} index={at} isDragDisabled={locked}>
                  {(lineDrag) => (
                    <QuoteLineEditor
                      line={line}
                      stored={stored?.lines[at]}
                      net={lineNets[line.id] ?? 0}
                      currency={currency}
                      rates={rates}
                      errors={errorOf(`lines.${at}`)}
                      locked={locked}
                      optionalLines={props.optionalLines}
                      onChange={(patch) => setLine(at, patch)}
                      onMove={(step) => props.onStepLine(at, step)}
                      canMove={{ up: at > 0 || index > 0, down: at < section.lines.length - 1 || props.hasNext }}
                      onRemove={() => removeLine(at)}
                      drag={lineDrag}
                      label={t("quote.line.label", { number: firstLine + at + 1 })}
                    />
                  )}
                </Draggable>
              ))}
              {provided.placeholder}
            </Stack>
          )}
        </Droppable>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {!locked ? (
            <Group gap="xs">
              <Button size="compact-sm" variant="light" leftSection={<IconBook size={14} />} onClick={props.onAddFromBook}>
                {t("quote.section.addFromBook")}
              </Button>
              <Button size="compact-sm" variant="default" leftSection={<IconPlus size={14} />} onClick={props.onAddFree}>
                {t("quote.section.addFree")}
              </Button>
            </Group>
          ) : (
            <span />
          )}
          <Text size="sm" data-testid="section-subtotal">
            {t("quote.section.subtotal")} <b>{formatMoney(net, currency, locale)}</b>
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
