"use client";
import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconFileExport, IconLink } from "@tabler/icons-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useRemovalDelay } from "@/components/dialog/presence";
import type { ImportConfig } from "@/components/import/import-config";
import { ImportMenuItem } from "@/components/import/import-menu-item";
import { copyText } from "@/lib/client/copy-text";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";

async function copyLink() {
  try {
    await copyText(window.location.href);
    toast("success", translate("browse.more.linkCopied"));
  } catch {
    toast("error", translate("shell.error.oops"), translate("shell.error.text"));
  }
}

// Loaded when opened: the mapping's drag and drop would otherwise weigh on every list's first load.
const ImportDialog = dynamic(() => import("@/components/import/import-dialog").then((module) => module.ImportDialog), { ssr: false });

type Props = { onExport: () => void; exporting: boolean; importer?: ImportConfig };

export function MoreActionsMenu({ onExport, exporting, importer }: Props) {
  const t = useTranslations();
  const [importing, setImporting] = useState(false);
  const importDialog = useRemovalDelay(importing);
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={200}>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={t("browse.more.label")} loading={exporting}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconLink size={16} />} onClick={copyLink}>
            {t("browse.more.copyLink")}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileExport size={16} />} onClick={onExport}>
            {t("browse.more.export")}
          </Menu.Item>
          {importer && <ImportMenuItem config={importer} onOpen={() => setImporting(true)} />}
        </Menu.Dropdown>
      </Menu>
      {importer && importDialog.present && (
        <ImportDialog key={importDialog.opening} config={importer} opened={importing} onClose={() => setImporting(false)} />
      )}
    </>
  );
}
