"use client";
import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useApi } from "@/lib/client/use-api";
import { useSubmit } from "@/lib/client/use-submit";
import type { InvoiceItem } from "./invoice-item";

/** Where a new invoice starts from, as POST /invoice takes it (besides blank). */
export type InvoiceSource = { from: "quote" | "deposit"; quote: string } | { from: "project"; project: string };

/** Creates a draft invoice from a quote, its deposit or a project, and opens it. */
export function useCreateInvoice() {
  const t = useTranslations();
  const router = useRouter();
  const { busy, submit } = useSubmit();
  const create = (source: InvoiceSource) =>
    submit(async () => {
      const created = await api.post<InvoiceItem>("/invoice", source);
      void invalidate("/invoice", "/history");
      toast("success", t("invoice.created"));
      router.push(`/invoice/${created.id}`);
    });
  return { busy, create };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/invoice/new?quote=<id>` (`&deposit=1` for its deposit) or `?project=<id>`: what the address asks for, when it asks. */
export function sourceOf(params: URLSearchParams): InvoiceSource | null {
  const quote = params.get("quote");
  if (quote && UUID.test(quote)) return { from: params.get("deposit") ? "deposit" : "quote", quote };
  const project = params.get("project");
  if (project && UUID.test(project)) return { from: "project", project };
  return null;
}

/** The new invoice's screen when it starts from a quote or a project: what it bills, and Create. */
export function InvoiceFromSource({ source }: { source: InvoiceSource }) {
  const t = useTranslations();
  const { busy, create } = useCreateInvoice();
  const path = "quote" in source ? `/quote/${source.quote}` : `/project/${source.project}`;
  const { data } = useApi<{ number?: string | null; title: string }>(path);
  const name = data ? [data.number, data.title].filter(Boolean).join(" · ") : "…";
  const text = source.from === "deposit" ? t("invoice.from.deposit", { name }) : source.from === "quote" ? t("invoice.from.quote", { name }) : t("invoice.from.project", { name });
  return (
    <Paper withBorder radius="md" p="lg" maw={560}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("invoice.entity.new")}
        </Title>
        <Text size="sm">{text}</Text>
        <Button leftSection={<IconFileInvoice size={16} />} onClick={() => void create(source)} loading={busy} style={{ alignSelf: "flex-start" }}>
          {t("invoice.from.create")}
        </Button>
      </Stack>
    </Paper>
  );
}
