"use client";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { holds, useSession } from "@/lib/client/use-session";
import { useSubmit } from "@/lib/client/use-submit";
import { FILE_STATS_PATH, type FileItem } from "./file-item";

/** Whoever uploaded a file may remove it, and an admin may remove any (ARCHITECTURE.md §4). */
export function RemoveFileButton({ file }: { file: Pick<FileItem, "id" | "name" | "removed" | "uploader"> }) {
  const { data: session } = useSession();
  const [confirming, setConfirming] = useState(false);
  const { busy, submit } = useSubmit();
  if (!session || file.removed) return null;
  if (file.uploader !== session.member.id && !holds(session, "admin")) return null;

  async function remove() {
    await submit(async () => {
      await api.patch<FileItem>(`/file/${file.id}`, { removed: true });
      setConfirming(false);
      toast("success", `File "${file.name}" has been removed`);
      // The detail itself is cached under /file/{id}, so it shows the removal too.
      await invalidate("/file", FILE_STATS_PATH, "/history");
    });
  }

  return (
    <>
      <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} ml="auto" style={{ flexShrink: 0 }}>
        Remove file
      </Button>
      <Dialog opened={confirming} onClose={() => setConfirming(false)} title="Remove this file?" centered>
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            The content of &ldquo;{file.name}&rdquo; is deleted for good: nobody can download it any more, also where it is attached, and it
            cannot be restored. The file then leaves the list of files; its name, details and history stay under the Removed filter.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()}>
              Remove file
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
