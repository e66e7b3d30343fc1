"use client";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { holds, useSession } from "@/lib/client/use-session";
import { useSubmit } from "@/lib/client/use-submit";
import { FILE_STATS_PATH, type FileItem } from "./file-item";

/** Whoever uploaded a file may remove it, and an admin may remove any (ARCHITECTURE.md §4). */
export function RemoveFileButton({ file }: { file: Pick<FileItem, "id" | "name" | "removed" | "uploader"> }) {
  const t = useTranslations();
  const { data: session } = useSession();
  const [confirming, setConfirming] = useState(false);
  const { busy, submit } = useSubmit();
  if (!session || file.removed) return null;
  if (file.uploader !== session.member.id && !holds(session, "admin")) return null;

  async function remove() {
    await submit(async () => {
      await api.patch<FileItem>(`/file/${file.id}`, { removed: true });
      setConfirming(false);
      toast("success", translate("file.remove.done", { name: file.name }));
      // The detail itself is cached under /file/{id}, so it shows the removal too.
      await invalidate("/file", FILE_STATS_PATH, "/history");
    });
  }

  return (
    <>
      <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} ml="auto" style={{ flexShrink: 0 }}>
        {t("file.remove.button")}
      </Button>
      <Dialog opened={confirming} onClose={() => setConfirming(false)} title={t("file.remove.title")} centered>
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("file.remove.text", { name: file.name })}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("common.cancel")}
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()}>
              {t("file.remove.button")}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
