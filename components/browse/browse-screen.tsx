"use client";
import { Container, Stack } from "@mantine/core";
import { useMemo, type ReactNode } from "react";
import { listDefaults } from "@/lib/client/list-state";
import type { Query } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";
import { useListQuery } from "@/lib/client/use-list-query";
import { useSession, type SessionView } from "@/lib/client/use-session";
import type { BrowseConfig, ListPage, Option } from "./browse-config";
import { BrowseHeader } from "./browse-header";
import { BrowseTable } from "./browse-table";
import { BrowseToolbar } from "./browse-toolbar";
import { BulkBar } from "./bulk-bar";
import type { ShownFilter } from "./filter-popover";
import { PaginationBar } from "./pagination-bar";
import { useExport } from "./use-export";
import { usePageCursors } from "./use-page-cursors";
import { useSelection } from "./use-selection";

type Props<Item extends { id: string }> = {
  config: BrowseConfig<Item>;
  /** Fixed query parameters, e.g. the role whose members a detail tab lists. */
  fixed?: Query;
  /** Inside a detail tab: no page header of its own. */
  embedded?: boolean;
  /** Drawn between the header and the toolbar, e.g. the files' storage bar and upload area. */
  above?: ReactNode;
  /** The first page as the server read it for the list as first opened (lib/server/first-page.tsx). */
  initial?: ListPage<Item>;
};

const noMoreSorts = (): Option[] => [];

/** The one list screen (spec §2, shared browse layout); an entity only supplies its config. */
export function BrowseScreen<Item extends { id: string }>({ config, fixed, embedded, above, initial }: Props<Item>) {
  const { data: session } = useSession();
  if (!session) return null;
  // No suspense boundary of its own around the list state read from the URL: every list
  // route is rendered per request, and a boundary would send the server's rows as a
  // separate part of the response, shown only by script.
  return <BrowseContent config={config} session={session} fixed={fixed} embedded={embedded} above={above} initial={initial} />;
}

function BrowseContent<Item extends { id: string }>({ config, session, fixed, embedded, above, initial }: Props<Item> & { session: SessionView }) {
  const defaults = useMemo(() => listDefaults(config.list, config.filters.map((f) => f.key)), [config]);
  const filters = useMemo(
    () =>
      config.filters
        .filter((filter) => filter.visible?.(session) ?? true)
        .map((filter): ShownFilter =>
          filter.kind === "custom"
            ? filter
            : { ...filter, options: typeof filter.options === "function" ? filter.options(session) : filter.options },
        ),
    [config, session],
  );
  const { state, update, apiQuery: urlQuery, atDefaults } = useListQuery(defaults, config.adjust);
  const useMoreSorts = config.useMoreSorts ?? noMoreSorts;
  const moreSorts = useMoreSorts(state.filters);
  const sorts = useMemo(() => (moreSorts.length ? [...config.sorts, ...moreSorts] : config.sorts), [config.sorts, moreSorts]);
  const apiQuery = useMemo(() => ({ ...urlQuery, ...fixed }), [urlQuery, fixed]);
  const { skip: _skip, ...scope } = apiQuery;
  const scopeKey = JSON.stringify(scope);
  const cursors = usePageCursors(scopeKey);
  const after = cursors.at(state.skip);
  const pageQuery = useMemo(() => (after ? { ...apiQuery, skip: undefined, after } : apiQuery), [after, apiQuery]);
  // The server's first page stands for the list as first opened, never for another search or page.
  // It is still asked for again on mount: the page may come back from the router's cache.
  const fallbackData = atDefaults && !fixed ? initial : undefined;
  const list = useApi<ListPage<Item>>(`/${config.type}`, pageQuery, { keepPreviousData: true, fallbackData });
  const selection = useSelection(scopeKey);
  const { exporting, exportAll, exportSelected } = useExport(config, apiQuery);

  return (
    <Container size="lg" py={embedded ? 0 : "lg"} px={embedded ? 0 : undefined}>
      <Stack gap="md">
        {!embedded && <BrowseHeader config={config} session={session} />}
        {above}
        <BrowseToolbar
          state={state}
          defaults={defaults}
          filters={filters}
          sorts={sorts}
          update={update}
          exporting={exporting}
          onExport={exportAll}
          importer={config.import}
        />
        <BulkBar
          count={selection.ids.length}
          exporting={exporting}
          onExport={() => exportSelected(selection.ids)}
          onClear={selection.clear}
          actions={
            config.bulk && {
              list: config.bulk,
              ids: selection.ids,
              onDone: () => {
                selection.clear();
                void list.mutate();
              },
            }
          }
        />
        <BrowseTable
          config={config}
          session={session}
          items={list.data?.items}
          loading={list.isValidating}
          error={list.error}
          firstOpened={atDefaults && !fixed}
          selection={selection}
        />
        <PaginationBar
          skip={state.skip}
          limit={state.limit}
          shown={list.data?.items.length ?? 0}
          more={list.data?.more ?? false}
          onSkip={(skip) => {
            // Only an answer for this very page (not the previous one still shown) says where the next one starts.
            if (skip === state.skip + state.limit && list.data?.next && !list.isLoading) cursors.remember(skip, list.data.next);
            update({ skip });
          }}
        />
      </Stack>
    </Container>
  );
}
