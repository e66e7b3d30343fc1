"use client";
import { Menu } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { useSession } from "@/lib/client/use-session";
import type { ImportConfig } from "./import-config";

/** More actions → Import, shown to members who may import. */
export function ImportMenuItem({ config, onOpen }: { config: ImportConfig; onOpen: () => void }) {
  const { data: session } = useSession();
  const allowed = !config.privilege || session?.privileges.includes(config.privilege) || session?.privileges.includes("admin");
  if (!allowed) return null;
  return (
    <Menu.Item leftSection={<IconFileImport size={16} />} onClick={onOpen}>
      Import
    </Menu.Item>
  );
}
