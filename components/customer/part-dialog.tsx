"use client";
import { Button, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import type { z } from "zod";
import { Dialog } from "@/components/dialog/dialog";
import { DialogActions } from "@/components/dialog/dialog-actions";
import type { FieldConfig, Values } from "@/components/form/form-config";
import { FormField } from "@/components/form/form-field";
import { useChangeForm } from "@/components/form/use-change-form";
import { useLabel } from "@/components/shell/use-label";
import { api } from "@/lib/client/api";
import { validate } from "@/lib/client/field-errors";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useSession, type SessionView } from "@/lib/client/use-session";

/**
 * What belongs to a customer (a site, a contact) as its dialog edits it: the fields,
 * the values of a new one and of a saved one, and the schemas the server parses with.
 */
export type PartDialogConfig<Item extends { id: string }> = {
  /** The path segment under /customer/{id}. */
  segment: string;
  /** The item's word in toasts (catalogue key): "Site". */
  label: string;
  newTitle: string;
  /** A key with `{name}`. */
  editTitle: string;
  name: (item: Item) => string;
  /** The inputs; `editing` adds what only a saved item has (its status). */
  fields: (editing: boolean) => FieldConfig[];
  initial: Values;
  values: (item: Item, session: SessionView | undefined) => Values;
  schema: (editing: boolean, session: SessionView | undefined) => Promise<z.ZodType>;
};

type Props<Item extends { id: string }> = {
  config: PartDialogConfig<Item>;
  customerId: string;
  /** The item to change; null adds a new one. */
  item: Item | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (item: Item) => void;
};

/** Adds a site or contact to a customer, or changes one, in place: the screen it was opened from stays. */
export function PartDialog<Item extends { id: string }>(props: Props<Item>) {
  const t = useTranslations();
  const narrow = useMediaQuery("(max-width: 48em)");
  const { config, item, opened, onClose } = props;
  return (
    <Dialog opened={opened} onClose={onClose} title={item ? t(config.editTitle, { name: config.name(item) }) : t(config.newTitle)} size="lg" fullScreen={narrow}>
      <PartForm {...props} />
    </Dialog>
  );
}

/** Empty inputs of a new item are left out: the server's default applies (a site's time zone). */
const given = (values: Values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "" && value !== null && value !== undefined));

function PartForm<Item extends { id: string }>({ config, customerId, item, onClose, onSaved }: Props<Item>) {
  const t = useTranslations();
  const label = useLabel();
  const { data: session } = useSession();
  const form = useChangeForm(item ? config.values(item, session) : config.initial);
  const fields = config.fields(item !== null);
  const base = `/customer/${customerId}/${config.segment}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    // Opened from another form (the project's site), its submit must not bubble through the portal into that form's.
    event.stopPropagation();
    if (!form.dirty || form.busy) return;
    const checked = validate(await config.schema(item !== null, session), item ? form.changes() : given(form.values));
    form.setErrors(checked.errors ?? {});
    if (checked.errors) return;
    await form.submit(async () => {
      const saved = item ? await api.patch<Item>(`${base}/${item.id}`, checked.data) : await api.post<Item>(base, checked.data);
      const words = { label: label(config.label), name: config.name(saved) };
      toast("success", item ? t("form.toast.updated", words) : t("form.toast.created", words));
      void invalidate(base, "/project");
      onSaved?.(saved);
      onClose();
    });
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        {fields.map((field) => (
          <FormField
            key={field.key}
            field={field}
            value={form.values[field.key]}
            saved={form.snapshot[field.key]}
            onChange={(value) => form.set(field.key, value)}
            error={form.errorOf(field.key)}
            itemId={item?.id}
            form={{ values: form.values, saved: form.snapshot, set: form.set, track: form.track }}
          />
        ))}
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={!form.dirty} loading={form.busy}>
            {item ? t("common.save") : t("common.create")}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
