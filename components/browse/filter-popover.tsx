"use client";
import { Badge, Button, Popover } from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { errorToast } from "@/lib/client/toast";
import { lazyComponent } from "@/lib/client/lazy-component";
import type { FilterRenderProps, Option } from "./browse-config";

export type ShownFilter = { key: string; label: string; shownWith?: (values: Record<string, string[]>) => boolean } & (
  | { kind: "multi" | "single"; options: Option[] }
  | { kind: "custom"; render: (props: FilterRenderProps) => ReactNode; preload?: () => Promise<unknown> }
);

export type FilterPanelProps = {
  filters: ShownFilter[];
  values: Record<string, string[]>;
  defaults: Record<string, string[]>;
  onChange: (key: string, values: string[]) => void;
};

// The choices are code for after a click: fetched when the popover is first opened.
const FilterPanel = lazyComponent(() => import("./filter-panel").then((module) => module.FilterPanel));

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((value) => b.includes(value));

export function FilterPopover({ filters, values, defaults, onChange }: FilterPanelProps) {
  const t = useTranslations();
  const [opened, setOpened] = useState(false);
  if (filters.length === 0) return null;
  const changed = filters.filter((f) => !sameSet(values[f.key] ?? [], defaults[f.key] ?? [])).length;
  // Opens once its content (and any filter's own picker) is fetched, so it appears whole and focuses its first control.
  const toggle = () => {
    if (opened) return setOpened(false);
    const preloads = filters.map((filter) => (filter.kind === "custom" ? filter.preload?.() : undefined));
    Promise.all([FilterPanel.preload(), ...preloads]).then(() => setOpened(true), errorToast);
  };
  return (
    <Popover opened={opened} onChange={(next) => !next && setOpened(false)} position="bottom-start" shadow="md" width={260} trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={changed ? <Badge size="xs" circle>{changed}</Badge> : null}
          onClick={toggle}
        >
          {t("browse.filter.title")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t("browse.filter.title")}>
        <FilterPanel filters={filters} values={values} defaults={defaults} onChange={onChange} />
      </Popover.Dropdown>
    </Popover>
  );
}
