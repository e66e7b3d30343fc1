"use client";
import { Button, Fieldset, Group, Stack, Title } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Fragment, type FormEvent } from "react";
import { useLabel } from "@/components/shell/use-label";
import { useUnsavedGuard } from "@/lib/client/use-unsaved-guard";
import type { FieldConfig } from "./form-config";
import { FormField } from "./form-field";
import { ReadOnlyNote } from "./read-only-note";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog";
import type { ChangeForm } from "./use-change-form";

type Props = {
  fields: FieldConfig[];
  form: ChangeForm;
  /** Saves (a failed request shows its toast and its errors on the fields); may answer with a navigation to run once the form has let go (e.g. to the created item). */
  onSubmit: () => Promise<(() => void) | void>;
  submitLabel: string;
  itemId?: string;
  /** Shown above the fields when the member may look but not change; the fields are disabled and Save is gone. */
  readOnly?: string;
  /** The form's widest, in px: a form with a preview beside its fields is wider than the usual column. */
  width?: number;
};

/** Fields, Save / Reset changes / Cancel, and the unsaved-changes guard shared by every entity form. */
export function EntityForm({ fields, form, onSubmit, submitLabel, itemId, readOnly, width = 560 }: Props) {
  const router = useRouter();
  const t = useTranslations();
  const label = useLabel();
  const guard = useUnsavedGuard(form.dirty);
  const { busy } = form;
  const access = { values: form.values, saved: form.snapshot, set: form.set, track: form.track };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.dirty || busy) return;
    const next = await form.submit(onSubmit);
    if (next) guard.proceed(next);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={width}>
        {readOnly && <ReadOnlyNote>{readOnly}</ReadOnlyNote>}
        <Stack gap="md">
          {fields.map((field) => (
            <Fragment key={field.key}>
              {field.section && (
                <Title order={4} mt="sm">
                  {label(field.section)}
                </Title>
              )}
              {/* Each field disabled on its own: one that reads itself keeps its controls for looking. */}
              <Fieldset variant="unstyled" disabled={Boolean(readOnly) && !(field.kind === "custom" && field.readsItself)} p={0} m={0}>
                <FormField
                  field={field}
                  value={form.values[field.key]}
                  saved={form.snapshot[field.key]}
                  onChange={(value) => form.set(field.key, value)}
                  error={form.errorOf(field.key)}
                  errors={form.errorsUnder(field.key)}
                  itemId={itemId}
                  readOnly={Boolean(readOnly)}
                  form={access}
                />
              </Fieldset>
            </Fragment>
          ))}
        </Stack>
        <Group gap="sm" mt="sm">
          {!readOnly && (
            <>
              <Button type="submit" disabled={!form.dirty} loading={busy}>
                {submitLabel}
              </Button>
              <Button variant="default" disabled={!form.dirty || busy} onClick={form.reset}>
                {t("form.reset")}
              </Button>
            </>
          )}
          <Button variant="subtle" color="gray" onClick={() => guard.leave(() => router.back())}>
            {readOnly ? t("common.back") : t("common.cancel")}
          </Button>
        </Group>
      </Stack>
      <UnsavedChangesDialog opened={guard.asking} onStay={guard.stay} onDiscard={guard.discard} />
    </form>
  );
}
