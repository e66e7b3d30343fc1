"use client";
import { Anchor, Box, Checkbox, Group, Stack, Table } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { MouseEvent } from "react";
import { STATUS_KEYS, useLabel } from "@/components/shell/use-label";
import type { SessionView } from "@/lib/client/use-session";
import type { Breakpoint, BrowseConfig, ColumnConfig } from "./browse-config";
import { ScopeBadge } from "./scope-badge";

type Props<Item extends { id: string }> = {
  config: BrowseConfig<Item>;
  item: Item;
  session: SessionView;
  selected: boolean;
  onSelect: (selected: boolean) => void;
};

/** The item's name, with its status when it is not active: "Mia Miller (removed)", in the page's language. */
export function useItemLabel() {
  const t = useTranslations();
  return <Item extends { id: string }>(config: BrowseConfig<Item>, item: Item) => {
    const status = config.status?.(item);
    if (!status || status === "active") return config.name(item);
    return t("browse.row.withStatus", { name: config.name(item), status: STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : status });
  };
}

// The whole row opens the item by clicking its link, so the unsaved-changes guard sees it like any link.
function openRow(event: MouseEvent<HTMLTableRowElement>) {
  const target = event.target as HTMLElement;
  if (target.closest("a, button, input, label")) return;
  event.currentTarget.querySelector<HTMLAnchorElement>("a[data-row-link]")?.click();
}

const BREAKPOINTS: Breakpoint[] = ["xs", "sm", "md", "lg"];

/** The cells of columns hidden on this screen that show below the name instead; gone where every one has its column. */
function BelowName<Item>({ columns, item }: { columns: ColumnConfig<Item>[]; item: Item }) {
  const widest = BREAKPOINTS[Math.max(...columns.map((column) => BREAKPOINTS.indexOf(column.visibleFrom!)))];
  const cells = columns.map((column) => ({ column, cell: column.cell(item) })).filter(({ cell }) => cell !== "" && cell != null && cell !== false);
  if (cells.length === 0) return null;
  return (
    <Group gap="md" wrap="wrap" style={{ rowGap: 2 }} fz="sm" c="dimmed" hiddenFrom={widest}>
      {cells.map(({ column, cell }) => (
        <Box component="span" key={column.header} hiddenFrom={column.visibleFrom}>
          {cell}
        </Box>
      ))}
    </Group>
  );
}

export function BrowseRow<Item extends { id: string }>({ config, item, session, selected, onSelect }: Props<Item>) {
  const t = useTranslations();
  const label = useItemLabel()(config, item);
  const location = config.location?.(item);
  const below = config.columns.filter((column) => column.belowName && column.visibleFrom);
  const name = (
    <>
      {/* A long name wraps at most twice; the whole of it is in the tooltip. */}
      <Anchor component={Link} href={`/${config.type}/${item.id}`} data-row-link fw={500} lineClamp={3} title={label} miw={120} style={{ overflowWrap: "anywhere" }}>
        {label}
      </Anchor>
      {location !== undefined && <ScopeBadge location={location} session={session} />}
    </>
  );
  return (
    <Table.Tr onClick={openRow} bg={selected ? "var(--mantine-primary-color-light)" : undefined} style={{ cursor: "pointer" }}>
      <Table.Td w={40}>
        <Checkbox aria-label={t("browse.row.select", { name: label })} checked={selected} onChange={(event) => onSelect(event.currentTarget.checked)} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {config.leading?.(item)}
          {below.length === 0 ? (
            name
          ) : (
            <Stack gap={2} miw={0}>
              <Group gap="xs" wrap="nowrap">
                {name}
              </Group>
              <BelowName columns={below} item={item} />
            </Stack>
          )}
        </Group>
      </Table.Td>
      {config.columns.map((column) => (
        <Table.Td key={column.header} visibleFrom={column.visibleFrom}>
          {column.cell(item)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
