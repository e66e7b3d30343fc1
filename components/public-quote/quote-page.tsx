"use client";
import { Alert, Anchor, Badge, Box, Container, Divider, Group, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { formatMoney } from "@/lib/money/format";
import { quoteTotals } from "@/lib/money/quote-totals";
import { percentNumber } from "@/lib/money/decimal";
import type { LastAnswer, PublicQuote, PublicQuoteState } from "@/lib/services/quote-public/view";
import { day, percentText } from "@/components/public-document/format";
import { DocumentParties } from "@/components/public-document/parties";
import { SellerHeader } from "@/components/public-document/seller-header";
import { TotalsBlock } from "@/components/public-document/totals-block";
import { QuoteAnswer, type AnswerBody } from "./quote-answer";
import { QuoteLines } from "./quote-lines";

/** The page's quote as the server hands it over (dates as text). */
export type PageQuote = Omit<PublicQuote, "answer" | "totals"> & { answer: (Omit<LastAnswer, "answered"> & { answered: string }) | null };

/** The ticked optional lines an option starts with: the office's defaults, or the customer's answer once given. */
function startTicks(quote: PageQuote, option: string): Set<string> {
  if (quote.answer?.option === option) return new Set(quote.answer.optional_lines);
  const found = quote.document.content.options.find((candidate) => candidate.id === option);
  return new Set(found?.sections.flatMap((section) => section.lines.filter((line) => line.optional && line.selected).map((line) => line.id)) ?? []);
}

function Outcome({ state, answer, chosen, single }: { state: PublicQuoteState; answer: PageQuote["answer"]; chosen: string | null; single: boolean }) {
  const t = useTranslations();
  const locale = useLocale();
  if (state === "open") return null;
  const when = answer ? day(locale, answer.answered) : "";
  const look = {
    approved: { color: "green", title: t("publicQuote.outcome.approved"), text: t("publicQuote.outcome.approvedText", { date: when, name: answer?.name ?? "" }) },
    declined: { color: "red", title: t("publicQuote.outcome.declined"), text: t("publicQuote.outcome.declinedText", { date: when }) },
    changes_requested: { color: "orange", title: t("publicQuote.outcome.changes_requested"), text: t("publicQuote.outcome.changesText", { date: when }) },
    expired: { color: "gray", title: t("publicQuote.outcome.expired"), text: t("publicQuote.outcome.expiredText") },
    revising: { color: "blue", title: t("publicQuote.outcome.revising"), text: t("publicQuote.outcome.revisingText") },
  }[state];
  return (
    <Alert color={look.color} variant="light" title={look.title} data-testid="quote-outcome" data-state={state}>
      <Stack gap={4}>
        <Text size="sm">{look.text}</Text>
        {state === "approved" && chosen && <Text size="sm" fw={600}>{t("publicQuote.outcome.chosen", { option: chosen })}</Text>}
        {state === "approved" && !single && <Text size="sm">{t("publicQuote.outcome.othersDeclined")}</Text>}
      </Stack>
    </Alert>
  );
}

/**
 * The customer's page of a quote: the business, the quote, its options as choices with
 * their lines (optional ones ticked or not), totals and deposit following the choice,
 * the terms, then the answer. Totals come from lib/money/quote-totals.ts as everywhere.
 */
export function QuotePage({ token, quote: initial }: { token: string; quote: PageQuote }) {
  const t = useTranslations();
  const locale = useLocale();
  const [quote, setQuote] = useState(initial);
  const { document } = quote;
  const options = document.content.options;
  const open = quote.state === "open";
  const [option, setOption] = useState(quote.chosenOption ?? quote.answer?.option ?? options[0].id);
  const [ticked, setTicked] = useState(() => startTicks(initial, option));
  const choice = useMemo(() => ({ option, optional_lines: [...ticked] }), [option, ticked]);
  const totals = useMemo(() => quoteTotals(document.content, document.currency, document.deposit, choice), [document, choice]);
  const index = Math.max(0, options.findIndex((candidate) => candidate.id === option));
  const chosen = options[index];
  const chosenTotals = totals[index];
  const money = (amount: number) => formatMoney(amount, document.currency, locale);
  const base = `/api/api/public/quote/${token}`;

  const choose = (id: string) => {
    setOption(id);
    setTicked(startTicks(quote, id));
  };
  const tick = (id: string, value: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });

  const send = async (body: AnswerBody): Promise<string | null> => {
    try {
      const res = await fetch(base, { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": locale }, body: JSON.stringify(body) });
      const answer = await res.json().catch(() => null);
      if (!res.ok) return answer?.details ?? answer?.errors?.[0]?.message ?? answer?.message ?? t("publicQuote.failed");
      setQuote((before) => ({ ...before, state: answer.status, actions: answer.actions, chosenOption: answer.chosen_option, answer: answer.answer }));
      window.scrollTo({ top: 0, behavior: "smooth" });
      return null;
    } catch {
      return t("publicQuote.failed");
    }
  };

  const seller = document.seller;
  const chosenName = quote.chosenOption ? (options.find((candidate) => candidate.id === quote.chosenOption)?.name ?? null) : null;

  return (
    <Container size={680} px="md" py="lg" component="main">
      <Stack gap="lg">
        <SellerHeader seller={seller} logo={seller.logo_file ? `${base}/logo` : null} taxId={seller.tax_id ? t("publicQuote.taxId", { id: seller.tax_id }) : null} />

        <Outcome state={quote.state} answer={quote.answer} chosen={chosenName} single={options.length === 1} />

        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t("publicQuote.quote", { number: document.number })}
            {document.revision > 1 && ` · ${t("publicQuote.revision", { revision: document.revision })}`}
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {document.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t("publicQuote.issued", { date: day(locale, document.issued) })}
            {document.valid_until && ` · ${t("publicQuote.validUntil", { date: day(locale, document.valid_until) })}`}
          </Text>
        </Stack>

        <DocumentParties
          buyer={{ heading: t("publicQuote.for"), name: document.buyer.name, address: document.buyer }}
          site={document.site && { heading: t("publicQuote.site"), name: document.site.name, address: document.site }}
        />

        {document.introduction && <Text style={{ whiteSpace: "pre-line" }}>{document.introduction}</Text>}

        {options.length > 1 && (
          <Radio.Group value={option} onChange={(value) => open && choose(value)} label={<Title order={2} size="h4">{t("publicQuote.chooseOption")}</Title>}>
            <Stack gap="sm" mt="sm">
              {options.map((candidate, at) => (
                <Radio.Card
                  key={candidate.id}
                  value={candidate.id}
                  radius="md"
                  p="md"
                  disabled={!open && candidate.id !== option}
                  style={!open && candidate.id !== option ? { opacity: 0.6 } : undefined}
                  data-testid="quote-option"
                >
                  <Group wrap="nowrap" align="flex-start" gap="md">
                    <Radio.Indicator />
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Group justify="space-between" wrap="nowrap" gap="sm">
                        <Text fw={600}>{candidate.name}</Text>
                        <Text fw={600} style={{ whiteSpace: "nowrap" }}>
                          {money(totals[at].totals.gross)}
                        </Text>
                      </Group>
                      {candidate.description && (
                        <Text size="sm" c="dimmed">
                          {candidate.description}
                        </Text>
                      )}
                      {quote.state === "approved" && candidate.id !== quote.chosenOption && (
                        <Badge color="gray" variant="light" size="sm">
                          {t("publicQuote.outcome.declined")}
                        </Badge>
                      )}
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}

        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            {options.length > 1 && (
              <Title order={2} size="h4">
                {chosen.name}
              </Title>
            )}
            <QuoteLines option={chosen} totals={chosenTotals} currency={document.currency} ticked={ticked} onTick={open ? tick : null} />
            <Divider />
            <TotalsBlock
              testId="quote-totals"
              rows={[
                { key: "net", label: t("publicQuote.net"), amount: money(chosenTotals.totals.net) },
                ...chosenTotals.totals.groups.map((group) => ({
                  key: `${group.category}-${group.percent}-${group.exemptionReason ?? ""}`,
                  label: t("publicQuote.tax", { category: group.category, percent: percentText(locale, percentNumber(group.percent)) }),
                  amount: money(group.tax),
                })),
                { key: "total", label: t("publicQuote.total"), amount: money(chosenTotals.totals.gross), strong: true, testId: "quote-total" },
                ...(document.deposit
                  ? [
                      {
                        key: "deposit",
                        label: `${t("publicQuote.deposit")}${"percent_milli" in document.deposit ? ` (${percentText(locale, percentNumber(document.deposit.percent_milli))} %)` : ""}`,
                        amount: money(chosenTotals.deposit),
                        dimmed: true,
                        testId: "quote-deposit",
                      },
                    ]
                  : []),
              ]}
            />
          </Stack>
        </Paper>

        {document.terms && (
          <Box component="section">
            <Title order={2} size="h5" mb={4}>
              {t("publicQuote.terms")}
            </Title>
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {document.terms}
            </Text>
          </Box>
        )}

        {open && <QuoteAnswer choice={{ ...choice, revision_hash: quote.revisionHash }} send={send} />}

        <Anchor href={`${base}/pdf`} size="sm" ta="center" target="_blank" rel="noopener">
          {t("publicQuote.downloadPdf")}
        </Anchor>
      </Stack>
    </Container>
  );
}
