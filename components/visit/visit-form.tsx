"use client";
import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { siteName, PARTS_QUERY, type SiteItem } from "@/components/customer/site-item";
import { Dialog } from "@/components/dialog/dialog";
import { DialogActions } from "@/components/dialog/dialog-actions";
import { useChangeForm } from "@/components/form/use-change-form";
import { memberName } from "@/components/member/member-item";
import { useActiveMembers } from "@/components/member/use-active-members";
import { projectBrowse } from "@/components/project/project-browse";
import type { ProjectItem } from "@/components/project/project-item";
import { PickerField } from "@/components/pickers/picker-field";
import { api } from "@/lib/client/api";
import type { FieldErrors } from "@/lib/client/field-errors";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useApi } from "@/lib/client/use-api";
import { zoneName } from "./days";
import { STATUS_LABELS, timeBody, VISIT_STATUSES, type VisitItem, type VisitStatus } from "./visit-item";
import { clockOf } from "./wall-clock";

type FormValues = {
  project: string | null;
  site: string | null;
  members: string[];
  date: string;
  any_time: boolean;
  start_time: string;
  end_time: string;
  arrival_window: string | null;
  instructions: string;
  status: VisitStatus;
  automatic_messages: boolean;
};

/** What the form opens with: a saved visit, or a new one (of a given project, on a day, for a member). */
export type VisitFormSubject = { visit: VisitItem } | { visit: null; project?: { id: string; title: string }; date?: string; member?: string };

const ARRIVAL_WINDOWS = [15, 30, 60, 90, 120, 180, 240];
const TIME_FIELDS = ["date", "any_time", "start_time", "end_time"] as const;
// The server's paths, by the field that holds them here.
const FIELD_OF: Record<string, string> = { start: "start_time", end: "end_time", day: "date" };

function valuesOf(subject: VisitFormSubject): FormValues {
  const visit = subject.visit;
  if (!visit)
    return {
      project: subject.project?.id ?? null,
      site: null,
      members: subject.member ? [subject.member] : [],
      date: subject.date ?? "",
      any_time: false,
      start_time: "09:00",
      end_time: "10:00",
      arrival_window: null,
      instructions: "",
      status: "scheduled",
      automatic_messages: true,
    };
  return {
    project: visit.project,
    site: visit.site,
    members: visit.members,
    date: visit.start_local?.slice(0, 10) ?? visit.day ?? "",
    any_time: visit.day !== null,
    start_time: visit.start_local ? clockOf(visit.start_local) : "09:00",
    end_time: visit.end_local ? clockOf(visit.end_local) : "10:00",
    arrival_window: visit.arrival_window === null ? null : String(visit.arrival_window),
    instructions: visit.instructions ?? "",
    status: visit.status,
    automatic_messages: visit.automatic_messages,
  };
}

/** The time part of a body: a time on the day, the day at any time, or none (the visit waits in the tray). */
function timeOf(values: FormValues) {
  if (!values.date) return { start: null, end: null, day: null };
  if (values.any_time) return timeBody({ day: values.date });
  return timeBody({ start: `${values.date}T${values.start_time}`, end: `${values.date}T${values.end_time}` });
}

function bodyOf(values: FormValues, changed: (keyof FormValues)[], creating: boolean) {
  const body: Record<string, unknown> = {};
  const wanted = (key: keyof FormValues) => creating || changed.includes(key);
  if (creating) body.project = values.project;
  if (wanted("site") && (values.site || !creating)) body.site = values.site;
  if (wanted("members")) body.members = values.members;
  if (wanted("arrival_window") && (values.arrival_window || !creating)) body.arrival_window = values.arrival_window ? Number(values.arrival_window) : null;
  if (wanted("instructions") && (values.instructions || !creating)) body.instructions = values.instructions.trim() || null;
  if (wanted("status") && !(creating && values.status === "scheduled")) body.status = values.status;
  if (wanted("automatic_messages") && !(creating && values.automatic_messages)) body.automatic_messages = values.automatic_messages;
  if (TIME_FIELDS.some(wanted)) {
    const time = timeOf(values);
    // A new visit leaves out what it does not have.
    for (const [key, value] of Object.entries(time)) if (!creating || value !== null) body[key] = value;
  }
  return body;
}

type Props = {
  subject: VisitFormSubject | null;
  opened: boolean;
  onClose: () => void;
  /** What follows a save (the board draws the visit and asks about new clashes); without it, the lists of visits are read again. */
  onSaved?: (before: VisitItem | null, saved: VisitItem) => Promise<unknown>;
};

/**
 * A visit's form, wherever a visit is made or changed (the board's New visit and
 * Edit, a project's Schedule visit): everything a drag on the board does, and
 * more, for keyboard and screen-reader users too.
 */
export function VisitFormDialog({ subject, opened, ...rest }: Props) {
  const t = useTranslations();
  const narrow = useMediaQuery("(max-width: 48em)");
  if (!subject) return null;
  return (
    <Dialog opened={opened} onClose={rest.onClose} title={subject.visit ? t("visits.form.editTitle", { title: subject.visit.project_title }) : t("visits.form.newTitle")} size="lg" fullScreen={narrow}>
      <VisitForm subject={subject} {...rest} />
    </Dialog>
  );
}

function VisitForm({ subject, onClose, onSaved }: Omit<Props, "opened" | "subject"> & { subject: VisitFormSubject }) {
  const t = useTranslations();
  const form = useChangeForm<FormValues>(valuesOf(subject));
  const visit = subject.visit;
  // A saved visit keeps its project; a new one of a given project too.
  const fixedProject = visit ? visit.project_title : (subject.project?.title ?? null);
  const members = useActiveMembers().data?.items ?? [];
  const { values } = form;
  const project = useApi<ProjectItem>(values.project ? `/project/${values.project}` : null);
  const customer = visit?.customer ?? project.data?.customer ?? null;
  const sites = useApi<{ items: SiteItem[] }>(customer ? `/customer/${customer}/site` : null, PARTS_QUERY);
  const siteOptions = (sites.data?.items ?? [])
    .filter((site) => site.status === "active" || site.id === values.site)
    .map((site) => ({ value: site.id, label: siteName(site) ?? t("visits.form.unnamedSite") }));
  const memberOptions = members.map((member) => ({ value: member.id, label: memberName(member) }));
  const zone = visit?.time_zone;

  async function save(event: FormEvent) {
    event.preventDefault();
    if ((visit && !form.dirty) || form.busy) return;
    if (!values.project) return form.setErrors({ project: t("visits.form.projectRequired") });
    const body = bodyOf(values, form.changed, visit === null);
    await form.submit(async () => {
      const saved = visit ? await api.patch<VisitItem>(`/visit/${visit.id}`, body) : await api.post<VisitItem>("/visit", body);
      await (onSaved ? onSaved(visit, saved) : invalidate("/visit"));
      toast("success", visit ? t("visits.form.updated", { title: saved.project_title }) : t("visits.form.created", { title: saved.project_title }));
      onClose();
    }, (errors: FieldErrors) => Object.fromEntries(Object.entries(errors).map(([path, message]) => [FIELD_OF[path] ?? path, message])));
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        {fixedProject !== null ? (
          <TextInput label={t("visits.form.project")} value={fixedProject} readOnly variant="filled" />
        ) : (
          <PickerField label={t("visits.form.project")} required config={projectBrowse} value={values.project} saved={form.snapshot.project} onChange={(value) => form.edit({ project: (value as string | null) ?? null, site: null })} error={form.errorOf("project")} />
        )}
        <Select label={t("visits.form.site")} data={siteOptions} value={values.site} onChange={(value) => form.set("site", value)} clearable placeholder={t("visits.form.projectSite")} error={form.errorOf("site")} disabled={!customer} />
        <MultiSelect label={t("visits.form.members")} data={memberOptions} value={values.members} onChange={(value) => form.set("members", value)} searchable clearable placeholder={values.members.length ? undefined : t("visits.form.nobody")} error={form.errorOf("members")} comboboxProps={{ withinPortal: false }} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput type="date" label={t("visits.form.date")} value={values.date} onChange={(event) => form.set("date", event.currentTarget.value)} error={form.errorOf("date")} description={values.date ? undefined : t("visits.form.noDate")} />
          <Switch label={t("visits.form.anyTime")} checked={values.any_time} onChange={(event) => form.set("any_time", event.currentTarget.checked)} mt={{ base: 0, xs: 30 }} disabled={!values.date} />
        </SimpleGrid>
        {values.date && !values.any_time && (
          <SimpleGrid cols={2} spacing="md">
            <TextInput type="time" label={t("visits.form.start")} value={values.start_time} onChange={(event) => form.set("start_time", event.currentTarget.value)} error={form.errorOf("start_time")} required />
            <TextInput type="time" label={t("visits.form.end")} value={values.end_time} onChange={(event) => form.set("end_time", event.currentTarget.value)} error={form.errorOf("end_time")} required />
          </SimpleGrid>
        )}
        {zone && <Text size="xs" c="dimmed">{t("visits.form.zone", { zone: zoneName(zone) })}</Text>}
        <Select
          label={t("visits.form.arrivalWindow")}
          data={ARRIVAL_WINDOWS.map((minutes) => ({ value: String(minutes), label: t("visits.form.minutes", { minutes }) }))}
          value={values.arrival_window}
          onChange={(value) => form.set("arrival_window", value)}
          clearable
          placeholder={t("visits.form.noWindow")}
          description={t("visits.form.arrivalWindowHelp")}
          error={form.errorOf("arrival_window")}
        />
        <Textarea label={t("visits.form.instructions")} value={values.instructions} onChange={(event) => form.set("instructions", event.currentTarget.value)} autosize minRows={2} error={form.errorOf("instructions")} />
        <Switch
          label={t("visits.form.automaticMessages")}
          description={t("visits.form.automaticMessagesHelp")}
          checked={values.automatic_messages}
          onChange={(event) => form.set("automatic_messages", event.currentTarget.checked)}
        />
        <Select label={t("visits.form.status")} data={VISIT_STATUSES.map((status) => ({ value: status, label: t(STATUS_LABELS[status]) }))} value={values.status} onChange={(value) => value && form.set("status", value as VisitStatus)} allowDeselect={false} error={form.errorOf("status")} />
        <DialogActions>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={!form.dirty && visit !== null} loading={form.busy}>
              {visit ? t("common.save") : t("common.create")}
            </Button>
          </Group>
        </DialogActions>
      </Stack>
    </form>
  );
}
