"use client";
import { useTranslations } from "next-intl";
import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PickerField } from "@/components/pickers/picker-field";
import { projectTypeBrowse } from "@/components/project-type/project-type-browse";
import { useSubmit } from "@/lib/client/use-submit";
import { fetchProjectType } from "./project-type-data";

/**
 * The type, chosen in the Project type picker. A new type brings its first
 * status and no field values; on a saved project the user confirms that first.
 */
export function ProjectTypeField(props: FieldRenderProps) {
  const { value, onChange, itemId, form } = props;
  const t = useTranslations();
  const [pending, setPending] = useState<string | null>(null);
  const { busy, submit } = useSubmit();

  async function apply(id: string) {
    const work = async () => {
      const type = await fetchProjectType(id);
      onChange(id);
      form?.set("status", type.statuses[0]?.id);
      form?.set("fields", []);
      setPending(null);
    };
    // Save waits until the type has brought its first status.
    await submit(() => (form ? form.track(work) : work()));
  }

  function pick(next: unknown) {
    if (typeof next !== "string" || !next || next === value) return;
    if (itemId) setPending(next);
    else void apply(next);
  }

  return (
    <>
      <PickerField {...props} label={t("project.field.type")} required config={projectTypeBrowse} onChange={pick} />
      <Dialog opened={pending !== null} onClose={() => setPending(null)} title={t("project.typeChange.title")} centered>
        <Text size="sm">
          {t("project.typeChange.text")}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setPending(null)} data-autofocus>
            {t("common.cancel")}
          </Button>
          <Button color="orange" loading={busy} onClick={() => pending && void apply(pending)}>
            {t("project.typeChange.confirm")}
          </Button>
        </Group>
      </Dialog>
    </>
  );
}
