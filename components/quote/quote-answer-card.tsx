"use client";
import { Alert, Anchor, List, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconCircleX, IconMessageQuestion } from "@tabler/icons-react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { QuoteAnswerKind } from "@/lib/schemas/quote-values";
import type { QuoteItem } from "./quote-item";

const LOOK: Record<QuoteAnswerKind, { color: string; icon: typeof IconCircleCheck; title: string }> = {
  approved: { color: "green", icon: IconCircleCheck, title: "quote.answer.approved" },
  declined: { color: "red", icon: IconCircleX, title: "quote.answer.declined" },
  changes_requested: { color: "orange", icon: IconMessageQuestion, title: "quote.answer.changes_requested" },
};

/**
 * The customer's last answer: who, when, which option they chose (the others count as
 * declined), the optional lines they ticked, whether they signed, and the project the
 * approval created.
 */
export function QuoteAnswerCard({ quote }: { quote: QuoteItem }) {
  const t = useTranslations();
  const format = useFormatter();
  const answer = quote.answers?.at(-1);
  if (!answer) return null;
  const { color, icon: Icon, title } = LOOK[answer.answer];
  const options = quote.options ?? [];
  const chosen = options.find((option) => option.id === (answer.option ?? quote.chosen_option));
  const others = options.filter((option) => option !== chosen);
  const lines = options.flatMap((option) => option.sections.flatMap((section) => section.lines));
  const ticked = answer.optional_lines.map((id) => lines.find((line) => line.id === id)?.name).filter((name): name is string => Boolean(name));
  return (
    <Alert color={color} variant="light" icon={<Icon size={20} />} title={t(title)} data-testid="quote-answer">
      <Stack gap={4}>
        <Text size="sm">
          {t("quote.answer.by", { name: answer.name ?? t("quote.answer.unnamed"), when: format.dateTime(new Date(answer.answered), { dateStyle: "medium", timeStyle: "short" }), revision: answer.revision })}
        </Text>
        {answer.answer === "approved" && chosen && options.length > 1 && <Text size="sm">{t("quote.answer.chosen", { option: chosen.name })}</Text>}
        {answer.answer === "approved" && others.length > 0 && options.length > 1 && (
          <Text size="sm">{t("quote.answer.othersDeclined", { options: others.map((option) => option.name).join(", ") })}</Text>
        )}
        {ticked.length > 0 && (
          <>
            <Text size="sm">{t("quote.answer.optionalLines")}</Text>
            <List size="sm">
              {ticked.map((name) => (
                <List.Item key={name}>{name}</List.Item>
              ))}
            </List>
          </>
        )}
        {answer.comment && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {t("quote.answer.comment", { comment: answer.comment })}
          </Text>
        )}
        {answer.answer === "approved" && <Text size="sm">{answer.has_signature ? t("quote.answer.signed") : t("quote.answer.notSigned")}</Text>}
        {answer.answer === "approved" && quote.project && (
          <Anchor component={Link} href={`/project/${quote.project}`} size="sm">
            {t("quote.answer.project")}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
