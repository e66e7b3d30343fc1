"use client";
import { useTranslations } from "next-intl";
import { Checkbox } from "@mantine/core";
import type { FieldErrors } from "@/lib/client/field-errors";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import { FieldRowsEditor } from "./field-rows-editor";

type Entry = { id: number; required: boolean };

type Props = { definitions: FieldDefinition[]; value: Entry[]; onChange: (value: Entry[]) => void; errors: FieldErrors };

/** The fields a workflow asks for when it runs, each optional or required. */
export function InputFieldsEditor(props: Props) {
  const t = useTranslations();
  return (
    <FieldRowsEditor<Entry>
      {...props}
      blank={(id) => ({ id, required: false })}
      moved={(entry, id) => ({ ...entry, id })}
      detail={(entry, _index, update) => (
        <Checkbox
          mt={8}
          label={t("workflow.input.required")}
          checked={entry.required}
          onChange={(event) => update({ ...entry, required: event.currentTarget.checked })}
        />
      )}
    />
  );
}
