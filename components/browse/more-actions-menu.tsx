"use client";
import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconFileExport, IconLink } from "@tabler/icons-react";
import { copyText } from "@/lib/client/copy-text";
import { toast } from "@/lib/client/toast";

async function copyLink() {
  try {
    await copyText(window.location.href);
    toast("success", "Link copied to clipboard");
  } catch {
    toast("error", "Oops", "Something went wrong");
  }
}

export function MoreActionsMenu({ onExport, exporting }: { onExport: () => void; exporting: boolean }) {
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="More actions" loading={exporting}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLink size={16} />} onClick={copyLink}>
          Copy link
        </Menu.Item>
        <Menu.Item leftSection={<IconFileExport size={16} />} onClick={onExport}>
          Export CSV
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
