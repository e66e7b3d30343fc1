"use client";
import { Checkbox, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney } from "@/lib/money/format";
import type { OptionTotals } from "@/lib/money/quote-totals";
import type { QuoteLine, QuoteOption } from "@/lib/schemas/quote-content";
import { LineDetail } from "@/components/public-document/line-detail";

type LineProps = { line: QuoteLine; net: number; currency: string; ticked: boolean; onTick: ((ticked: boolean) => void) | null };

function Line({ line, net, currency, ticked, onTick }: LineProps) {
  const t = useTranslations();
  const locale = useLocale();
  const counted = !line.optional || ticked;
  const detail = <LineDetail line={line} currency={currency} />;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" data-testid="quote-line" data-line={line.id}>
      {line.optional ? (
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <Checkbox
            mt={2}
            checked={ticked}
            disabled={!onTick}
            onChange={(event) => onTick?.(event.currentTarget.checked)}
            aria-label={`${t("publicQuote.optional")}: ${line.name}`}
          />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t("publicQuote.optional")}
            </Text>
            {detail}
          </Stack>
        </Group>
      ) : (
        detail
      )}
      <Text size="sm" fw={500} c={counted ? undefined : "dimmed"} td={counted ? undefined : "line-through"} style={{ whiteSpace: "nowrap" }}>
        {formatMoney(net, currency, locale)}
      </Text>
    </Group>
  );
}

type Props = {
  option: QuoteOption;
  totals: OptionTotals;
  currency: string;
  ticked: ReadonlySet<string>;
  /** Null when the customer can no longer change the choice. */
  onTick: ((id: string, ticked: boolean) => void) | null;
};

/** One option's sections and lines, optional lines as checkboxes, each section with its subtotal. */
export function QuoteLines({ option, totals, currency, ticked, onTick }: Props) {
  const t = useTranslations();
  const locale = useLocale();
  return (
    <Stack gap="md">
      {option.sections.map((section, index) => (
        <Stack key={section.id} gap="sm">
          {section.title && (
            <Title order={3} size="h5">
              {section.title}
            </Title>
          )}
          {section.lines.map((line) => (
            <Line
              key={line.id}
              line={line}
              net={totals.lineNets[line.id]}
              currency={currency}
              ticked={ticked.has(line.id)}
              onTick={onTick && ((value) => onTick(line.id, value))}
            />
          ))}
          {option.sections.length > 1 && (
            <>
              <Divider variant="dashed" />
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t("publicQuote.subtotal")}
                </Text>
                <Text size="sm">{formatMoney(totals.sections[index].net, currency, locale)}</Text>
              </Group>
            </>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
