"use client";
import { Button, Fieldset, Grid, Group, Input, Stack, Tabs, Text, TextInput, Textarea } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useDetail } from "@/components/detail/detail-context";
import type { FieldRenderProps } from "@/components/form/form-config";
import { useTaxRates } from "@/components/price-item/price-item-pickers";
import { errorsBelow } from "@/lib/client/field-errors";
import { quoteTotals } from "@/lib/money/quote-totals";
import { QUOTE_LIMITS } from "@/lib/schemas/quote-values";
import type { QuoteItem } from "./quote-item";
import { SectionsEditor } from "./sections-editor";
import { QuoteTotalsCard } from "./quote-totals-card";
import { emptyOption, optionsToContent, storedDeposit, type OptionValues, type PercentOrAmount, type SectionValues } from "./quote-values";

/**
 * The quote's options, sections and lines, with each option's totals computed as they
 * are typed by `quoteTotals` from the values as they would be stored: the figures the
 * server, the PDF and the customer's page will show. Lines are dragged (or moved by
 * their menu, from the keyboard) within and across sections; sections are dragged too.
 */
export function QuoteEditor({ value, onChange, errors = {}, form, readOnly }: FieldRenderProps) {
  const t = useTranslations();
  const { item, level } = useDetail<QuoteItem>();
  const locked = Boolean(readOnly) || item.status !== "draft" || level !== "edit";
  const options = (value ?? []) as OptionValues[];
  const deposit = (form?.values.deposit ?? null) as PercentOrAmount | null;
  const rates = useTaxRates().data?.items ?? [];
  const currency = item.currency;
  const [active, setActive] = useState(0);
  const shown = Math.min(active, options.length - 1);
  const content = useMemo(() => optionsToContent(options, rates, item.options ?? []), [options, rates, item.options]);
  // Once approved, the chosen option counts the optional lines the customer ticked, as the API, the PDF and the customer's page do.
  const choice = useMemo(() => {
    if (item.status !== "approved" || !item.chosen_option) return null;
    const approval = (item.answers ?? []).filter((answer) => answer.answer === "approved").at(-1);
    return { option: item.chosen_option, optional_lines: approval?.optional_lines ?? [] };
  }, [item.status, item.chosen_option, item.answers]);
  const totals = useMemo(() => quoteTotals(content, currency, storedDeposit(deposit), choice), [content, currency, deposit, choice]);

  const setOption = (at: number, next: OptionValues) => onChange(options.map((option, i) => (i === at ? next : option)));
  const option = options[shown];
  if (!option) return null;
  const setSections = (sections: SectionValues[]) => setOption(shown, { ...option, sections });
  const optionName = (one: OptionValues, at: number) => one.name || t("quote.option.untitled", { number: at + 1 });
  const errorOf = (path: string) => errorsBelow(errors, path);
  const lineCount = options.reduce((sum, one) => sum + one.sections.reduce((count, section) => count + section.lines.length, 0), 0);

  function addOption() {
    // Alternatives are named, so the customer can tell them apart.
    // A single option was named as the quote; as one of several it needs a name of its own.
    const named = options.map((one, at) => ({ ...one, name: options.length === 1 && one.name === form?.values.title ? t("quote.option.untitled", { number: 1 }) : optionName(one, at) }));
    onChange([...named, { ...emptyOption(t("quote.option.untitled", { number: options.length + 1 })) }]);
    setActive(options.length);
  }
  function removeOption(at: number) {
    onChange(options.filter((_, i) => i !== at));
    setActive(Math.max(0, at - 1));
  }
  // Locked, the options are still switched between (the tabs stand outside); what they hold is only read.
  const panel = (
    <Fieldset variant="unstyled" disabled={locked} p={0} m={0}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            {options.length > 1 && (
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label={t("quote.option.name")}
                  value={option.name}
                  onChange={(event) => setOption(shown, { ...option, name: event.currentTarget.value })}
                  error={errorOf(`${shown}`).name}
                  style={{ flex: 1, minWidth: 180 }}
                />
                {!locked && (
                  <Button variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => removeOption(shown)}>
                    {t("quote.option.remove")}
                  </Button>
                )}
              </Group>
            )}
            {options.length > 1 && (
              <Textarea
                label={t("quote.option.description")}
                value={option.description}
                onChange={(event) => setOption(shown, { ...option, description: event.currentTarget.value })}
                autosize
                minRows={1}
              />
            )}
            <SectionsEditor
              id={option.id}
              sections={option.sections}
              onChange={setSections}
              stored={content.options[shown]?.sections}
              nets={totals[shown]?.sections.map((section) => section.net) ?? []}
              lineNets={totals[shown]?.lineNets ?? {}}
              currency={currency}
              rates={rates}
              errorOf={(path) => errorOf(`${shown}.sections.${path}`)}
              locked={locked}
              form={form}
              maxSections={QUOTE_LIMITS.sections}
              optionalLines
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm" style={{ position: "sticky", top: 72 }}>
            {totals.map((one, at) => (
              <QuoteTotalsCard key={one.id} totals={one} currency={currency} name={options.length > 1 ? optionName(options[at], at) : t("quote.option.single")} />
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Fieldset>
  );

  return (
    <Input.Wrapper label={t("quote.field.options")} error={errors[""]}>
      <Stack gap="sm" mt={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {options.length > 1 ? (
            <Tabs value={String(shown)} onChange={(next) => setActive(Number(next ?? 0))} variant="pills">
              <Tabs.List>
                {options.map((one, at) => (
                  <Tabs.Tab key={one.id} value={String(at)}>
                    {optionName(one, at)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          ) : (
            <Text size="sm" c="dimmed">
              {t("quote.option.singleHelp")}
            </Text>
          )}
          {!locked && options.length < QUOTE_LIMITS.options && (
            <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={addOption}>
              {t("quote.option.add")}
            </Button>
          )}
        </Group>
        {panel}
        {lineCount >= QUOTE_LIMITS.lines && (
          <Text size="sm" c="orange">
            {t("quote.line.limit", { count: QUOTE_LIMITS.lines })}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
