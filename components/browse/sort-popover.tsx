"use client";
import { Button, Popover } from "@mantine/core";
import { IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useLabel } from "@/components/shell/use-label";
import { lazyComponent } from "@/lib/client/lazy-component";
import { errorToast } from "@/lib/client/toast";
import type { Option } from "./browse-config";

type Props = { sorts: Option[]; value: string; onChange: (sort: string) => void };

// The choices are code for after a click: fetched when the popover is first opened.
const SortPanel = lazyComponent(() => import("./sort-panel").then((module) => module.SortPanel));

/** Field and direction, kept together as `field:asc|desc` as the list query wants it. */
export function SortPopover({ sorts, value, onChange }: Props) {
  const t = useTranslations();
  const labelOf = useLabel();
  const [opened, setOpened] = useState(false);
  const [field, direction = "desc"] = value.split(":");
  const found = sorts.find((sort) => sort.value === field);
  const label = found ? labelOf(found.label) : field;
  const Icon = direction === "asc" ? IconSortAscending : IconSortDescending;
  // Opens once its content is fetched, so it appears whole and focuses its first control.
  const toggle = () => {
    if (opened) return setOpened(false);
    SortPanel.preload().then(() => setOpened(true), errorToast);
  };
  return (
    <Popover opened={opened} onChange={(next) => !next && setOpened(false)} position="bottom-start" shadow="md" width={220} trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<Icon size={16} />}
          aria-label={direction === "asc" ? t("browse.sort.labelAscending", { field: label }) : t("browse.sort.labelDescending", { field: label })}
          onClick={toggle}
        >
          {t("browse.sort.button", { field: label })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t("browse.sort.title")}>
        <SortPanel sorts={sorts} field={field} direction={direction} onChange={onChange} />
      </Popover.Dropdown>
    </Popover>
  );
}
