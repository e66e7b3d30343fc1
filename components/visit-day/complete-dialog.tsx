"use client";
import { Button, FileInput, Group, Stack, Text, Textarea } from "@mantine/core";
import { IconCamera } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { sendFile } from "@/components/file/send-file";
import { api } from "@/lib/client/api";
import { useSubmit } from "@/lib/client/use-submit";
import type { VisitItem } from "@/components/visit/visit-item";

type Props = { visit: VisitItem | null; opened: boolean; onClose: () => void; onCompleted: (visit: VisitItem) => Promise<void> };

/**
 * Completing a visit: photos are kept with the project (its Visits tab shows
 * them), the note goes into a staff note with the customer, carrying the photos
 * too, so the office reads it where they read everything about the customer.
 * The status changes last, so a failed upload leaves the visit open to try again.
 */
export function CompleteDialog({ visit, opened, onClose, onCompleted }: Props) {
  const t = useTranslations();
  const [note, setNote] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const { busy, submit } = useSubmit();

  function close() {
    setNote("");
    setPhotos([]);
    onClose();
  }

  async function complete() {
    if (!visit) return;
    const done = await submit(async () => {
      const files: string[] = [];
      for (const photo of photos) {
        const sent = await sendFile(photo, () => {});
        await api.post(`/project/${visit.project}/file`, { file: sent.id, visit: visit.id });
        files.push(sent.id);
      }
      if (visit.customer && note.trim()) {
        await api.post("/message", {
          customer: visit.customer,
          type: { id: "note", content: t("myDay.complete.noteText", { project: visit.project_title, note: note.trim() }) },
          files,
        });
      }
      const changed = await api.patch<VisitItem>(`/visit/${visit.id}`, { status: "completed" });
      await onCompleted(changed);
      return true;
    });
    if (done) close();
  }

  return (
    <Dialog opened={opened} onClose={close} title={t("myDay.complete.title")} centered>
      <Stack gap="md">
        {visit && <Text size="sm">{visit.project_title}</Text>}
        {visit?.customer && (
          <Textarea
            label={t("myDay.complete.note")}
            description={t("myDay.complete.noteHelp")}
            autosize
            minRows={3}
            maxLength={10000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        )}
        <FileInput
          label={t("myDay.complete.photos")}
          description={t("myDay.complete.photosHelp")}
          placeholder={t("myDay.complete.choosePhotos")}
          leftSection={<IconCamera size={16} />}
          accept="image/*"
          multiple
          clearable
          value={photos}
          onChange={setPhotos}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button color="green" loading={busy} onClick={() => void complete()}>
            {t("myDay.step.completed")}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
