"use client";
import { Button, Checkbox, Group, Loader, ScrollArea, SegmentedControl, Select, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useLabel } from "@/components/shell/use-label";
import { usePickerItems, type PickerSource } from "./use-picker-items";
import { Dialog } from "@/components/dialog/dialog";
import { DialogActions } from "@/components/dialog/dialog-actions";
import { LoadFailure } from "@/components/shell/load-failure";

const SEARCH_DEBOUNCE_MS = 200;

type Props<Item extends { id: string }> = PickerSource<Item> & {
  title: string;
  opened: boolean;
  onClose: () => void;
  multiple?: boolean;
  /** Ids chosen so far (multi-select starts from them). */
  value?: string[];
  onPick: (ids: string[]) => void;
};

/** One picker for every entity and fixed choice: search, sort, active/removed filter, Return; multi-select adds Confirm. */
export function PickerDialog<Item extends { id: string }>({ title, opened, onClose, multiple, value = [], onPick, ...source }: Props<Item>) {
  const t = useTranslations();
  const label = useLabel();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState("active");
  const [chosen, setChosen] = useState<string[]>(value);
  const initialSorts = "config" in source ? source.config.sorts : [{ value: "name" }];
  const [sort, setSort] = useState(`${initialSorts[0].value}:asc`);
  const { items, error, sorts, statuses } = usePickerItems<Item>(source, { search: debounced, sort, status }, opened);
  const startFrom = JSON.stringify(value);
  useEffect(() => {
    // Each opening starts from the field's current value, not from what was ticked and returned before.
    if (opened) setChosen(JSON.parse(startFrom));
  }, [opened, startFrom]);
  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  const sortOptions = sorts.flatMap((s) => [
    { value: `${s.value}:asc`, label: `${label(s.label)} ↑` },
    { value: `${s.value}:desc`, label: `${label(s.label)} ↓` },
  ]);

  return (
    <Dialog opened={opened} onClose={onClose} title={label(title)} size="lg">
      <Stack>
        <Group grow>
          <TextInput
            aria-label={t("common.search")}
            placeholder={t("common.search")}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
          />
          <Select aria-label={t("browse.sort.title")} data={sortOptions} value={sort} onChange={(v) => v && setSort(v)} allowDeselect={false} />
        </Group>
        {statuses && (
          <SegmentedControl
            aria-label={t("browse.filter.status")}
            value={status}
            onChange={setStatus}
            data={[
              { value: "active", label: t("browse.filter.statusActive") },
              { value: "removed", label: t("browse.filter.statusRemoved") },
            ]}
          />
        )}
        <ScrollArea.Autosize mah={360}>
          {error ? <LoadFailure text={t("common.loadFailed")} error={error} color="red" /> : null}
          {!error && items === undefined && <Loader size="sm" aria-label={t("common.loading")} />}
          {!error && items?.length === 0 && <Text c="dimmed">{t("common.noResults")}</Text>}
          <Stack gap={2}>
            {items?.map((item) =>
              multiple ? (
                <Checkbox
                  key={item.id}
                  p={6}
                  label={item.name}
                  description={item.description}
                  checked={chosen.includes(item.id)}
                  onChange={() => toggle(item.id)}
                />
              ) : (
                <UnstyledButton
                  key={item.id}
                  p={8}
                  style={{ borderRadius: 6 }}
                  className="mantine-focus-auto"
                  onClick={() => onPick([item.id])}
                  data-picker-item
                >
                  {item.name}
                </UnstyledButton>
              ),
            )}
          </Stack>
        </ScrollArea.Autosize>
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            {t("picker.return")}
          </Button>
          {multiple && <Button onClick={() => onPick(chosen)}>{t("common.confirm")}</Button>}
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
