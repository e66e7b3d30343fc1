import { useTranslations } from "next-intl";
import { DiscardDialog } from "@/components/dialog/discard-dialog";

export function UnsavedChangesDialog({ opened, onStay, onDiscard }: { opened: boolean; onStay: () => void; onDiscard: () => void }) {
  const t = useTranslations();
  return (
    <DiscardDialog
      opened={opened}
      title={t("form.unsaved.title")}
      text={t("form.unsaved.text")}
      keepLabel={t("common.cancel")}
      onKeep={onStay}
      onDiscard={onDiscard}
    />
  );
}
