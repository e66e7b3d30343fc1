"use client";
import { Anchor } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useInSentence, useLabel } from "@/components/shell/use-label";
import type { Entity } from "@/components/entities";
import { useApi } from "@/lib/client/use-api";
import { useSession, type SessionView } from "@/lib/client/use-session";
import type { FieldWarning } from "./form-config";

const CHECK_DEBOUNCE_MS = 400;

type Options = {
  entity: Pick<Entity, "type" | "label">;
  /** The list's exact-match filter, and how the value is named: "email", "phone". */
  filter: string;
  /** The value as the filter takes it, or null while it is not one yet (half typed): nothing is asked then. */
  query: (value: string, session: SessionView) => string | null;
};

/**
 * A field's warning that another active item the session can see already has
 * this value, with a link to it. The list endpoint answers, so organization,
 * location and sharing rules hold; the item being edited does not count.
 */
export function duplicateWarning({ entity, filter, query }: Options): FieldWarning {
  return function useDuplicateWarning(value, { itemId }): ReactNode {
    const { data: session } = useSession();
    const t = useTranslations();
    const text = useLabel();
    const inSentence = useInSentence();
    const label = (noun: string) => inSentence(text(noun));
    const typed = typeof value === "string" ? value.trim() : "";
    const [settled] = useDebouncedValue(typed, CHECK_DEBOUNCE_MS);
    const asked = settled && session ? query(settled, session) : null;
    const { data } = useApi<{ items: { id: string; name: string }[] }>(asked ? `/${entity.type}` : null, { [filter]: asked ?? "", limit: 2 });
    const other = asked && settled === typed ? data?.items.find((item) => item.id !== itemId) : undefined;
    if (!other) return null;
    return (
      <>
        {filter === "email"
          ? t("form.duplicate.email", { label: label(entity.label) })
          : filter === "phone"
            ? t("form.duplicate.phone", { label: label(entity.label) })
            : t("form.duplicate.other", { label: label(entity.label), field: filter })}{" "}
        <Anchor component={Link} href={`/${entity.type}/${other.id}`} size="xs">
          {other.name}
        </Anchor>
      </>
    );
  };
}
