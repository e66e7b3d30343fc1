"use client";
import { ActionIcon, Button, FileInput, Group, NumberInput, Select, Stack, Text, Textarea } from "@mantine/core";
import { IconCamera, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { sendFile } from "@/components/file/send-file";
import { MoneyText } from "@/components/money/money-text";
import { useCurrency } from "@/components/money/use-currency";
import { PickerDialog } from "@/components/pickers/picker-dialog";
import { priceItemBrowse } from "@/components/price-item/price-item-browse";
import type { PriceItemItem } from "@/components/price-item/price-item-item";
import { UnitLabel } from "@/components/price-item/unit-label";
import { api } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";
import { useSubmit } from "@/lib/client/use-submit";
import { VISIT_ITEM_MAX_MINUTES } from "@/lib/schemas/visit-item";
import type { VisitItem } from "@/components/visit/visit-item";
import { minutesOnSite } from "./visit-steps";

/** A material to record: an item of the price book and how much of it; `saved` once recorded (a retry does not record it twice). */
type Material = { item: PriceItemItem; quantity: number | string; saved?: boolean };

/** The price book's items priced by the hour: what the time on site is billed as. */
const HOURLY = { status: ["active"], limit: "200", sort: "name:asc" };

type Props = { visit: VisitItem | null; opened: boolean; onClose: () => void; onCompleted: (visit: VisitItem) => Promise<void> };

/**
 * Completing a visit: photos are kept with the project (its Visits tab shows
 * them), the note goes into a staff note with the customer, carrying the photos
 * too, so the office reads it where they read everything about the customer.
 * The time on site (from Start, rounded to 5 minutes) and the materials used from the
 * price book are recorded on the visit, for the project's invoice.
 * The status changes last, so a failed upload leaves the visit open to try again.
 */
export function CompleteDialog({ visit, opened, onClose, onCompleted }: Props) {
  const t = useTranslations();
  const [note, setNote] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [minutes, setMinutes] = useState<number | string>("");
  const [workItem, setWorkItem] = useState<string | null>(null);
  const [timeSaved, setTimeSaved] = useState(false);
  const [materials, setMaterials] = useState<Material[]>([]);
  const [picking, setPicking] = useState(false);
  const currency = useCurrency();
  const book = useMemo(() => priceItemBrowse(currency), [currency]);
  const { data: priced } = useApi<{ items: PriceItemItem[] }>(opened ? "/price_item" : null, HOURLY);
  const hourly = (priced?.items ?? []).filter((item) => item.unit === "hour");
  // Time is billed as an hourly item of the price book; without one it is not recorded.
  const noHourly = priced !== undefined && hourly.length === 0;
  const { busy, submit } = useSubmit();

  // Each opening starts from the time since Start, rounded to 5 minutes, and the first hourly item.
  const visitId = opened ? visit?.id : undefined;
  useEffect(() => {
    if (visitId && visit) setMinutes(minutesOnSite(visit, new Date()) ?? "");
  }, [visitId]);
  const firstHourly = hourly[0]?.id ?? null;
  useEffect(() => {
    if (opened && workItem === null && firstHourly) setWorkItem(firstHourly);
  }, [opened, workItem, firstHourly]);

  function close() {
    setNote("");
    setPhotos([]);
    setMinutes("");
    setWorkItem(null);
    setTimeSaved(false);
    setMaterials([]);
    onClose();
  }

  async function addMaterials(ids: string[]) {
    setPicking(false);
    const items = await Promise.all(ids.map((id) => api.get<PriceItemItem>(`/price_item/${id}`))).catch(() => []);
    setMaterials((now) => [...now, ...items.map((item) => ({ item, quantity: 1 }))]);
  }

  /** Time and materials recorded on the visit before its status changes, each once. */
  async function recordUsed(id: string) {
    const worked = typeof minutes === "number" ? minutes : Number.NaN;
    if (!timeSaved && !noHourly && workItem && Number.isInteger(worked) && worked > 0) {
      await api.post(`/visit/${id}/item`, { kind: "time", minutes: worked, price_item: workItem });
      setTimeSaved(true);
    }
    for (const [index, material] of materials.entries()) {
      if (material.saved) continue;
      await api.post(`/visit/${id}/item`, { kind: "material", price_item: material.item.id, quantity: material.quantity });
      setMaterials((now) => now.map((one, i) => (i === index ? { ...one, saved: true } : one)));
    }
  }

  async function complete() {
    if (!visit) return;
    const done = await submit(async () => {
      const files: string[] = [];
      for (const photo of photos) {
        const sent = await sendFile(photo, () => {});
        await api.post(`/project/${visit.project}/file`, { file: sent.id, visit: visit.id });
        files.push(sent.id);
      }
      if (visit.customer && note.trim()) {
        await api.post("/message", {
          customer: visit.customer,
          type: { id: "note", content: t("myDay.complete.noteText", { project: visit.project_title, note: note.trim() }) },
          files,
        });
      }
      await recordUsed(visit.id);
      const changed = await api.patch<VisitItem>(`/visit/${visit.id}`, { status: "completed" });
      await onCompleted(changed);
      return true;
    });
    if (done) close();
  }

  return (
    <Dialog opened={opened} onClose={close} title={t("myDay.complete.title")} centered>
      <Stack gap="md">
        {visit && <Text size="sm">{visit.project_title}</Text>}
        {visit?.customer && (
          <Textarea
            label={t("myDay.complete.note")}
            description={t("myDay.complete.noteHelp")}
            autosize
            minRows={3}
            maxLength={10000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        )}
        {noHourly ? (
          <Text size="sm" c="dimmed">
            {t("myDay.complete.noWorkItem")}
          </Text>
        ) : (
          <Group align="flex-start" grow wrap="wrap">
            <NumberInput
              label={t("myDay.complete.time")}
              description={t("myDay.complete.timeHelp")}
              suffix={` ${t("myDay.complete.minutes")}`}
              min={0}
              max={VISIT_ITEM_MAX_MINUTES}
              step={5}
              allowDecimal={false}
              value={minutes}
              onChange={setMinutes}
              disabled={timeSaved}
              style={{ minWidth: 140 }}
            />
            <Select
              label={t("myDay.complete.workItem")}
              data={hourly.map((item) => ({ value: item.id, label: item.name }))}
              value={workItem}
              onChange={setWorkItem}
              disabled={timeSaved}
              allowDeselect={false}
              style={{ minWidth: 140 }}
            />
          </Group>
        )}
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("myDay.complete.materials")}
          </Text>
          {materials.map((material, index) => (
            <Group key={`${material.item.id}-${index}`} gap="xs" wrap="nowrap" align="center">
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" truncate>
                  {material.item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  <MoneyText amount={material.item.unit_price} /> / <UnitLabel unit={material.item.unit} />
                </Text>
              </Stack>
              <NumberInput
                aria-label={t("myDay.complete.quantity", { name: material.item.name })}
                min={0}
                max={1_000_000}
                decimalScale={3}
                value={material.quantity}
                onChange={(value) => setMaterials((now) => now.map((one, i) => (i === index ? { ...one, quantity: value } : one)))}
                disabled={material.saved}
                w={90}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("myDay.complete.removeMaterial", { name: material.item.name })}
                onClick={() => setMaterials((now) => now.filter((_, i) => i !== index))}
                disabled={material.saved}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button variant="default" leftSection={<IconPlus size={14} />} onClick={() => setPicking(true)} style={{ alignSelf: "flex-start" }}>
            {t("myDay.complete.addMaterial")}
          </Button>
        </Stack>
        <FileInput
          label={t("myDay.complete.photos")}
          description={t("myDay.complete.photosHelp")}
          placeholder={t("myDay.complete.choosePhotos")}
          leftSection={<IconCamera size={16} />}
          accept="image/*"
          multiple
          clearable
          value={photos}
          onChange={setPhotos}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button color="green" loading={busy} onClick={() => void complete()}>
            {t("myDay.step.completed")}
          </Button>
        </Group>
      </Stack>
      <PickerDialog<PriceItemItem>
        config={book}
        title={t("myDay.complete.addMaterial")}
        opened={picking}
        onClose={() => setPicking(false)}
        multiple
        onPick={(ids) => void addMaterials(ids)}
      />
    </Dialog>
  );
}
