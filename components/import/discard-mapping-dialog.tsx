"use client";
import { useTranslations } from "next-intl";
import { DiscardDialog } from "@/components/dialog/discard-dialog";

/** Asked before an import dialog with a mapped file is closed by a click outside, Escape or its close button. */
export function DiscardMappingDialog({ opened, onKeep, onDiscard }: { opened: boolean; onKeep: () => void; onDiscard: () => void }) {
  const t = useTranslations();
  return (
    <DiscardDialog
      opened={opened}
      title={t("import.discard.title")}
      text={t("import.discard.text")}
      keepLabel={t("import.discard.keep")}
      onKeep={onKeep}
      onDiscard={onDiscard}
      zIndex={300}
    />
  );
}
