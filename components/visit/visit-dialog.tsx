"use client";
import { Button, Checkbox, Group, MultiSelect, NumberInput, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/dialog/dialog";
import { useChangeForm } from "@/components/form/use-change-form";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { useApi } from "@/lib/client/use-api";
import { ARRIVAL_WINDOW_MAX, ARRIVAL_WINDOW_MIN } from "@/lib/schemas/visit-status";

type Props = { project: { id: string; title: string }; day: string; opened: boolean; onClose: () => void };
type Values = { day: string; anyTime: boolean; start: string; end: string; members: string[]; window: number | ""; instructions: string };

const initial = (day: string): Values => ({ day, anyTime: false, start: "09:00", end: "11:00", members: [], window: "", instructions: "" });

/**
 * Schedules a visit of a project: a day, and a time there (read in the visit's
 * own time zone by the server) or any time that day; who goes; the arrival window
 * the customer is told; instructions.
 */
export function VisitDialog({ project, day, opened, onClose }: Props) {
  const t = useTranslations();
  const form = useChangeForm(initial(day));
  const { values } = form;
  const members = useApi<{ items: { id: string; name: string }[] }>(opened ? "/member" : null, { status: ["active"], limit: 200, sort: "name:asc" }).data;

  function close() {
    form.reset();
    onClose();
  }

  async function save() {
    const when = values.anyTime ? { day: values.day } : { start: `${values.day}T${values.start}`, end: `${values.day}T${values.end}` };
    const done = await form.submit(async () => {
      await api.post("/visit", {
        project: project.id,
        ...when,
        members: values.members,
        arrival_window: values.window === "" ? null : values.window,
        instructions: values.instructions.trim() || null,
      });
      await invalidate("/visit");
      toast("success", translate("visits.scheduled", { project: project.title }));
      return true;
    });
    if (done) close();
  }

  return (
    <Dialog opened={opened} onClose={close} title={t("visits.scheduleTitle")} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <TextInput type="date" label={t("visits.day")} required value={values.day} error={form.errorOf("day")} onChange={(event) => form.set("day", event.currentTarget.value)} />
          <Checkbox label={t("visits.anyTime")} checked={values.anyTime} onChange={(event) => form.set("anyTime", event.currentTarget.checked)} />
          {!values.anyTime && (
            <Group grow gap="xs" align="flex-start">
              <TextInput type="time" label={t("visits.start")} required value={values.start} error={form.errorOf("start")} onChange={(event) => form.set("start", event.currentTarget.value)} />
              <TextInput type="time" label={t("visits.end")} required value={values.end} error={form.errorOf("end")} onChange={(event) => form.set("end", event.currentTarget.value)} />
            </Group>
          )}
          <MultiSelect
            label={t("visits.members")}
            data={(members?.items ?? []).map((member) => ({ value: member.id, label: member.name }))}
            value={values.members}
            searchable
            error={form.errorOf("members")}
            onChange={(value) => form.set("members", value)}
          />
          <NumberInput
            label={t("visits.arrivalWindow")}
            description={t("visits.arrivalWindowHelp")}
            min={ARRIVAL_WINDOW_MIN}
            max={ARRIVAL_WINDOW_MAX}
            step={15}
            allowDecimal={false}
            value={values.window}
            error={form.errorOf("arrival_window")}
            onChange={(value) => form.set("window", typeof value === "number" ? value : "")}
          />
          <Textarea label={t("visits.instructions")} autosize minRows={2} value={values.instructions} error={form.errorOf("instructions")} onChange={(event) => form.set("instructions", event.currentTarget.value)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={form.busy} disabled={!values.day}>
              {t("visits.schedule")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
