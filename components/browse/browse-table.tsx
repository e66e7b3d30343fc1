"use client";
import { Checkbox, Progress, Stack, Table, Text, ThemeIcon } from "@mantine/core";
import { useTranslations, useLocale } from "next-intl";
import type { ReactNode } from "react";
import { LoadFailure } from "@/components/shell/load-failure";
import { useLabel } from "@/components/shell/use-label";
import type { SessionView } from "@/lib/client/use-session";
import type { BrowseConfig } from "./browse-config";
import { CreateButton } from "./browse-header";
import { BrowseRow } from "./browse-row";

type Props<Item extends { id: string }> = {
  config: BrowseConfig<Item>;
  session: SessionView;
  items: Item[] | undefined;
  loading: boolean;
  /** Why the page could not be read (an address naming a filter the list does not have, the network). */
  error: unknown;
  /** The list as first opened (no search, filter or page of the user's): an empty one is a first use, not a miss. */
  firstOpened: boolean;
  selection: { has: (id: string) => boolean; set: (ids: string[], selected: boolean) => void };
};

function Message({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} py="xl">
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

/** A plural inside the English sentence is lower case; German nouns keep their capital, and French puts it first. */
const nounInText = (plural: string, locale: string) => (locale.startsWith("en") ? plural.toLocaleLowerCase(locale) : plural);

/** A new organization's empty list: what it will hold, and the action that adds the first one. */
function FirstUse<Item extends { id: string }>({ config, session, columns }: { config: BrowseConfig<Item>; session: SessionView; columns: number }) {
  const t = useTranslations();
  const locale = useLocale();
  const label = useLabel();
  const Icon = config.icon;
  const plural = label(config.plural ?? config.title);
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Stack align="center" gap="sm" py="xl">
          {Icon && (
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <Icon size={30} stroke={1.5} />
            </ThemeIcon>
          )}
          <Text fw={600}>{config.empty ? label(config.empty) : t("browse.empty.firstUse", { items: nounInText(plural, locale) })}</Text>
          {config.create && <CreateButton config={config} session={session} label={config.create.first} />}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

export function BrowseTable<Item extends { id: string }>({ config, session, items, loading, error, firstOpened, selection }: Props<Item>) {
  const t = useTranslations();
  const label = useLabel();
  const rows = items ?? [];
  const ids = rows.map((item) => item.id);
  const selectedHere = ids.filter(selection.has).length;
  const columns = config.columns.length + 2;
  const failed = Boolean(error);
  return (
    <div>
      {/* The bar keeps its height when idle so rows do not jump while a page loads. */}
      <Progress value={100} striped animated size={3} radius={0} aria-label={t("common.loading")} style={{ visibility: loading ? "visible" : "hidden" }} />
      <Table.ScrollContainer minWidth={320}>
        <Table highlightOnHover verticalSpacing="sm" aria-busy={loading}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t("browse.selectAll")}
                  checked={rows.length > 0 && selectedHere === rows.length}
                  indeterminate={selectedHere > 0 && selectedHere < rows.length}
                  disabled={rows.length === 0}
                  onChange={(event) => selection.set(ids, event.currentTarget.checked)}
                />
              </Table.Th>
              <Table.Th>{config.nameHeader ? label(config.nameHeader) : t("common.name")}</Table.Th>
              {config.columns.map((column) => (
                <Table.Th key={column.header} visibleFrom={column.visibleFrom}>
                  {label(column.header)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failed && (
              <Message columns={columns}>
                <LoadFailure text={t("common.loadFailed")} error={error} center />
              </Message>
            )}
            {!failed && items && rows.length === 0 && firstOpened && <FirstUse config={config} session={session} columns={columns} />}
            {!failed && items && rows.length === 0 && !firstOpened && (
              <Message columns={columns}>
                <Text c="dimmed" ta="center">
                  {t("common.noResults")}
                </Text>
              </Message>
            )}
            {!failed &&
              rows.map((item) => (
                <BrowseRow
                  key={item.id}
                  config={config}
                  item={item}
                  session={session}
                  selected={selection.has(item.id)}
                  onSelect={(selected) => selection.set([item.id], selected)}
                />
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
