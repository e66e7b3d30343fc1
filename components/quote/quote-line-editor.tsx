"use client";
import type { DraggableProvided } from "@hello-pangea/dnd";
import { ActionIcon, Checkbox, Group, Menu, NumberInput, Paper, Select, Stack, Text, TextInput, Textarea, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconDots, IconGripVertical, IconLock, IconTrash } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { MoneyInput } from "@/components/money/money-input";
import { PercentInput, readPercent } from "@/components/money/percent-input";
import { useTaxRateLabel } from "@/components/price-item/price-item-pickers";
import { PRICE_UNIT_OPTIONS, type TaxRateItem } from "@/components/price-item/price-item-item";
import { useLabel } from "@/components/shell/use-label";
import { QUANTITY_SCALE } from "@/lib/money/decimal";
import { formatMoney, separators } from "@/lib/money/format";
import { lineNet } from "@/lib/money/totals";
import type { QuoteLine } from "@/lib/schemas/quote-content";
import type { LineValues } from "./quote-values";

/** What a line's margin needs of the line as stored: a quote's or an invoice's. */
export type StoredLine = Pick<QuoteLine, "quantity" | "unit_cost">;

type Props = {
  line: LineValues;
  /** The line as stored (integers), for its net, cost and margin. */
  stored: StoredLine | undefined;
  net: number;
  currency: string;
  rates: TaxRateItem[];
  /** The line's errors by field ("unit_price"). */
  errors: Record<string, string>;
  locked: boolean;
  /** The line may be made optional, for the customer to tick (quotes). */
  optionalLines: boolean;
  onChange: (patch: Partial<LineValues>) => void;
  onMove: (step: -1 | 1) => void;
  canMove: { up: boolean; down: boolean };
  onRemove: () => void;
  drag: DraggableProvided;
  /** "Line 3": how the line's controls are named to a screen reader. */
  label: string;
};

function useNumberText() {
  const locale = useLocale();
  const decimal = separators(locale).decimal;
  return { decimal, read: (next: number | string) => (next === "" ? "" : typeof next === "number" ? next : Number(String(next).replace(decimal, "."))) };
}

/** The staff's view of what a line earns: its net less its cost (never shown to the customer). */
function Margin({ stored, net, currency }: { stored: StoredLine; net: number; currency: string }) {
  const t = useTranslations();
  const locale = useLocale();
  if (stored.unit_cost === null) return null;
  const cost = lineNet({ quantity: stored.quantity, unitPrice: stored.unit_cost, discount: null });
  const margin = net - cost;
  const percent = net === 0 ? null : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(margin / net);
  return (
    <Text size="xs" c={margin < 0 ? "red" : "dimmed"} data-testid="line-margin">
      {t("quote.line.margin", { amount: formatMoney(margin, currency, locale), percent: percent ?? "–" })}
    </Text>
  );
}

/** One line of a section: what it is, how much of it at what price, its discount, tax and whether the customer may leave it out. */
export function QuoteLineEditor({ line, stored, net, currency, rates, errors, locked, optionalLines, onChange, onMove, canMove, onRemove, drag, label }: Props) {
  const t = useTranslations();
  const text = useLabel();
  const locale = useLocale();
  const rateLabel = useTaxRateLabel();
  const number = useNumberText();
  const fallback = rates.find((rate) => rate.default);
  const rateOptions = rates.filter((rate) => rate.status === "active" || rate.id === line.tax_rate).map((rate) => ({ value: rate.id, label: rateLabel(rate) }));
  const discountKind = line.discount === null ? "none" : "amount" in line.discount ? "amount" : "percent";
  return (
    <Paper ref={drag.innerRef} {...drag.draggableProps} withBorder p="xs" radius="sm" data-testid="quote-line" aria-label={label} component="li">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <ActionIcon
            {...drag.dragHandleProps}
            component="div"
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={t("quote.line.drag", { line: label })}
            style={{ cursor: locked ? "default" : "grab", flexShrink: 0 }}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <TextInput
              aria-label={t("quote.line.name")}
              placeholder={t("quote.line.name")}
              value={line.name}
              onChange={(event) => onChange({ name: event.currentTarget.value })}
              error={errors.name}
              required
            />
            <Textarea
              aria-label={t("quote.line.description")}
              placeholder={t("quote.line.description")}
              value={line.description}
              onChange={(event) => onChange({ description: event.currentTarget.value })}
              autosize
              minRows={1}
              maxRows={6}
              size="xs"
              error={errors.description}
            />
          </Stack>
          <Text fw={600} size="sm" mt={6} ta="right" style={{ whiteSpace: "nowrap" }} data-testid="line-net" c={line.optional && !line.selected ? "dimmed" : undefined}>
            {formatMoney(net, currency, locale)}
          </Text>
          {!locked && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" mt={4} aria-label={t("quote.line.actions", { line: label })}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconArrowUp size={14} />} disabled={!canMove.up} onClick={() => onMove(-1)}>
                  {t("quote.line.moveUp")}
                </Menu.Item>
                <Menu.Item leftSection={<IconArrowDown size={14} />} disabled={!canMove.down} onClick={() => onMove(1)}>
                  {t("quote.line.moveDown")}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onRemove}>
                  {t("quote.line.remove")}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Group gap="xs" align="flex-start" wrap="wrap" pl={{ base: 0, sm: 34 }}>
          <NumberInput
            label={t("quote.line.quantity")}
            value={line.quantity}
            onChange={(next) => onChange({ quantity: number.read(next) })}
            decimalScale={QUANTITY_SCALE}
            decimalSeparator={number.decimal}
            min={0}
            hideControls
            inputMode="decimal"
            w={90}
            size="xs"
            error={errors.quantity}
          />
          <Select
            label={t("quote.line.unit")}
            data={PRICE_UNIT_OPTIONS.map((option) => ({ value: option.value, label: text(option.label) }))}
            value={line.unit}
            onChange={(next) => next && onChange({ unit: next })}
            allowDeselect={false}
            w={130}
            size="xs"
            error={errors.unit}
          />
          <div style={{ width: 140 }}>
            <MoneyInput label={t("quote.line.unitPrice")} value={line.unit_price} onChange={(next) => onChange({ unit_price: next })} currency={currency} error={errors.unit_price} size="xs" />
          </div>
          <Group gap={4} align="flex-end" wrap="nowrap">
            <Select
              label={t("quote.line.discount")}
              data={[
                { value: "none", label: t("quote.line.discountNone") },
                { value: "percent", label: "%" },
                { value: "amount", label: currency },
              ]}
              value={discountKind}
              onChange={(next) => onChange({ discount: next === "percent" ? { percent: 0 } : next === "amount" ? { amount: 0 } : null })}
              allowDeselect={false}
              w={90}
              size="xs"
            />
            {line.discount && "percent" in line.discount && (
              <PercentInput
                aria-label={t("quote.line.discountPercent")}
                value={line.discount.percent}
                onChange={(next) => onChange({ discount: { percent: Number(readPercent(next, locale)) || 0 } })}
                w={80}
                size="xs"
                error={errors.discount ?? errors["discount.percent"]}
              />
            )}
            {line.discount && "amount" in line.discount && (
              <div style={{ width: 120 }}>
                <MoneyInput
                  label={null}
                  aria-label={t("quote.line.discountAmount")}
                  value={line.discount.amount}
                  onChange={(next) => onChange({ discount: { amount: next ?? 0 } })}
                  currency={currency}
                  size="xs"
                  error={errors.discount ?? errors["discount.amount"]}
                />
              </div>
            )}
          </Group>
          <Select
            label={t("quote.line.taxRate")}
            data={rateOptions}
            value={line.tax_rate}
            onChange={(next) => onChange({ tax_rate: next })}
            placeholder={fallback ? rateLabel(fallback) : undefined}
            w={180}
            size="xs"
            error={errors.tax_rate}
          />
        </Group>
        <Group gap="md" wrap="wrap" pl={{ base: 0, sm: 34 }} align="center">
          {optionalLines && (
            <Checkbox
            label={t("quote.line.optional")}
            checked={line.optional}
            onChange={(event) => onChange({ optional: event.currentTarget.checked, selected: true })}
            size="xs"
          />
          )}
          {optionalLines && line.optional && (
            <Checkbox label={t("quote.line.selected")} checked={line.selected} onChange={(event) => onChange({ selected: event.currentTarget.checked })} size="xs" />
          )}
          <Group gap={4} wrap="nowrap" align="center">
            <Tooltip label={t("quote.line.staffOnly")}>
              <IconLock size={14} aria-label={t("quote.line.staffOnly")} />
            </Tooltip>
            <div style={{ width: 130 }}>
              <MoneyInput
                label={null}
                aria-label={t("quote.line.unitCost")}
                placeholder={t("quote.line.unitCost")}
                value={line.unit_cost}
                onChange={(next) => onChange({ unit_cost: next })}
                currency={currency}
                size="xs"
                error={errors.unit_cost}
              />
            </div>
            {stored && <Margin stored={stored} net={net} currency={currency} />}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
