"use client";
import { Button, Checkbox, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { DialogActions } from "@/components/dialog/dialog-actions";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useSubmit } from "@/lib/client/use-submit";
import { formatMoney } from "@/lib/money/format";
import type { InvoiceItem } from "./invoice-item";

type Props = { opened: boolean; invoice: InvoiceItem; onClose: () => void };

/**
 * Starts a credit note of the invoice, for the whole of it or the lines chosen; the draft
 * opens to be checked and issued (issuing it takes its own number, CN-…).
 */
export function InvoiceCreditDialog({ opened, invoice, onClose }: Props) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [whole, setWhole] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const { busy, submit } = useSubmit();
  const lines = invoice.sections.flatMap((section) => section.lines);

  const create = () =>
    submit(async () => {
      const note = await api.post<InvoiceItem>(`/invoice/${invoice.id}/credit`, whole ? {} : { lines: chosen });
      void invalidate("/invoice", "/history");
      toast("success", t("invoice.credit.created"));
      onClose();
      router.push(`/invoice/${note.id}`);
    });

  return (
    <Dialog opened={opened} onClose={onClose} title={t("invoice.credit.title", { number: invoice.number ?? "" })}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("invoice.credit.intro")}
        </Text>
        <SegmentedControl
          aria-label={t("invoice.credit.scope")}
          value={whole ? "whole" : "lines"}
          onChange={(next) => setWhole(next === "whole")}
          data={[
            { value: "whole", label: t("invoice.credit.whole") },
            { value: "lines", label: t("invoice.credit.lines") },
          ]}
        />
        {!whole && (
          <Checkbox.Group value={chosen} onChange={setChosen} label={t("invoice.credit.chooseLines")}>
            <Stack gap={6} mt={6}>
              {lines.map((line) => (
                <Checkbox key={line.id} value={line.id} label={`${line.name} · ${formatMoney(line.net, invoice.currency, locale)}`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <DialogActions>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button onClick={() => void create()} loading={busy} disabled={!whole && chosen.length === 0}>
              {t("invoice.credit.submit")}
            </Button>
          </Group>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
