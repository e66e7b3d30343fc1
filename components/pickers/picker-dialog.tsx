"use client";
import { Button, Checkbox, Group, Modal, ScrollArea, SegmentedControl, Select, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import type { BrowseConfig, ListPage } from "@/components/browse/browse-config";
import { useApi } from "@/lib/client/use-api";

const PICKER_LIMIT = 50;
const SEARCH_DEBOUNCE_MS = 200;

type Props<Item extends { id: string }> = {
  /** The entity's Browse config: the same list, sorts and names as its screen. */
  config: BrowseConfig<Item>;
  title: string;
  opened: boolean;
  onClose: () => void;
  multiple?: boolean;
  /** Ids chosen so far (multi-select starts from them). */
  value?: string[];
  onPick: (ids: string[]) => void;
};

/** One picker for every entity: search, sort, active/removed filter, Return; multi-select adds Confirm. */
export function PickerDialog<Item extends { id: string }>({ config, title, opened, onClose, multiple, value = [], onPick }: Props<Item>) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState(`${config.sorts[0].value}:asc`);
  const [status, setStatus] = useState("active");
  const [chosen, setChosen] = useState<string[]>(value);
  const { data, error, isLoading } = useApi<ListPage<Item>>(opened ? `/${config.type}` : null, {
    search: debounced,
    sort,
    status,
    limit: PICKER_LIMIT,
  });
  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  const sortOptions = config.sorts.flatMap((s) => [
    { value: `${s.value}:asc`, label: `${s.label} ↑` },
    { value: `${s.value}:desc`, label: `${s.label} ↓` },
  ]);

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <Stack>
        <Group grow>
          <TextInput
            aria-label="Search"
            placeholder="Search"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
          />
          <Select aria-label="Sort" data={sortOptions} value={sort} onChange={(v) => v && setSort(v)} allowDeselect={false} />
        </Group>
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={setStatus}
          data={[
            { value: "active", label: "Active" },
            { value: "removed", label: "Removed" },
          ]}
        />
        <ScrollArea.Autosize mah={360}>
          {error && <Text c="red">Failed to load data</Text>}
          {!error && !isLoading && data?.items.length === 0 && <Text c="dimmed">No results found</Text>}
          <Stack gap={2}>
            {data?.items.map((item) =>
              multiple ? (
                <Checkbox
                  key={item.id}
                  p={6}
                  label={config.name(item)}
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
                  {config.name(item)}
                </UnstyledButton>
              ),
            )}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Return
          </Button>
          {multiple && <Button onClick={() => onPick(chosen)}>Confirm</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
