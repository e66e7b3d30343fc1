"use client";
import { Menu } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { holds, useSession } from "@/lib/client/use-session";
import type { ImportConfig } from "./import-config";

/** More actions → Import, shown to members who may import. */
export function ImportMenuItem({ config, onOpen }: { config: ImportConfig; onOpen: () => void }) {
  const t = useTranslations();
  const { data: session } = useSession();
  const allowed = !config.privilege || (session && holds(session, config.privilege));
  if (!allowed) return null;
  return (
    <Menu.Item leftSection={<IconFileImport size={16} />} onClick={onOpen}>
      {t("import.dialog.import")}
    </Menu.Item>
  );
}
