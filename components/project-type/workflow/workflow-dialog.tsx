"use client";
import { useTranslations } from "next-intl";
import { Button, Divider, Stack, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Dialog } from "@/components/dialog/dialog";
import { useChangeForm } from "@/components/form/use-change-form";
import { errorsAt } from "@/lib/client/field-errors";
import { toast } from "@/lib/client/toast";
import type { FieldDefinition, ProjectStatus } from "@/lib/schemas/project-fields";
import type { Workflow } from "@/lib/schemas/workflow";
import { removeAt, replaceAt } from "../list-edit";
import { checkWorkflow } from "./check-workflow";
import { EffectCard } from "./effect-card";
import { InputCard } from "./input-card";
import { KindSection } from "./kind-section";
import { RequirementCard } from "./requirement-card";
import { blankEffect, blankInput, blankRequirement, EFFECT_LABELS, INPUT_LABELS, REQUIREMENT_LABELS } from "./workflow-kinds";
import { DialogActions } from "@/components/dialog/dialog-actions";

type Props = {
  opened: boolean;
  /** The workflow as it stands in the form; the dialog edits a copy. */
  workflow: Workflow;
  isNew: boolean;
  statuses: ProjectStatus[];
  fields: FieldDefinition[];
  onApply: (workflow: Workflow) => void;
  onClose: () => void;
};

/** Edits one workflow; Apply puts it into the Workflows form, which Save then sends. */
export function WorkflowDialog({ opened, workflow, isNew, statuses, fields, onApply, onClose }: Props) {
  const t = useTranslations();
  const narrow = useMediaQuery("(max-width: 48em)");
  const form = useChangeForm(workflow);
  const { values: draft, errors, edit } = form;
  const definition = { statuses, fields };

  function apply() {
    const checked = checkWorkflow(draft, definition);
    form.setErrors(checked.errors);
    if (checked.workflow) return onApply(checked.workflow);
    toast("warning", t("workflow.dialog.invalidInput"), [...new Set(Object.values(checked.errors))].join(", "));
  }

  return (
    <Dialog opened={opened} onClose={onClose} title={isNew ? t("workflow.dialog.newTitle") : t("workflow.dialog.editTitle", { title: workflow.title })} size="xl" fullScreen={narrow}>
      <Stack gap="md">
        <TextInput label={t("workflow.dialog.title")} required data-autofocus value={draft.title} onChange={(e) => edit({ title: e.currentTarget.value })} error={errors.title} />
        <Textarea
          label={t("workflow.dialog.description")}
          autosize
          minRows={2}
          value={draft.description}
          onChange={(e) => edit({ description: e.currentTarget.value })}
          error={errors.description}
        />
        <Divider />
        <KindSection
          title={t("workflow.requirement.section")}
          add={t("workflow.requirement.add")}
          labels={REQUIREMENT_LABELS}
          count={draft.requirements.length}
          empty={t("workflow.requirement.none")}
          onAdd={(kind) => edit({ requirements: [...draft.requirements, blankRequirement(kind)] })}
        >
          {draft.requirements.map((requirement, index) => (
            <RequirementCard
              key={index}
              requirement={requirement}
              {...definition}
              errors={errorsAt(errors, `requirements.${index}`)}
              onChange={(next) => edit({ requirements: replaceAt(draft.requirements, index, next) })}
              onRemove={() => edit({ requirements: removeAt(draft.requirements, index) })}
            />
          ))}
        </KindSection>
        <KindSection
          title={t("workflow.input.section")}
          add={t("workflow.input.add")}
          labels={INPUT_LABELS}
          taken={draft.inputs.some((input) => input.type === "comment") ? ["comment"] : []}
          count={draft.inputs.length}
          empty={t("workflow.input.none")}
          onAdd={(kind) => edit({ inputs: [...draft.inputs, blankInput(kind)] })}
        >
          {draft.inputs.map((input, index) => (
            <InputCard
              key={index}
              input={input}
              fields={fields}
              errors={errorsAt(errors, `inputs.${index}`)}
              onChange={(next) => edit({ inputs: replaceAt(draft.inputs, index, next) })}
              onRemove={() => edit({ inputs: removeAt(draft.inputs, index) })}
            />
          ))}
        </KindSection>
        <KindSection
          title={t("workflow.effect.section")}
          add={t("workflow.effect.add")}
          labels={EFFECT_LABELS}
          count={draft.effects.length}
          empty={t("workflow.effect.none")}
          onAdd={(kind) => edit({ effects: [...draft.effects, blankEffect(kind)] })}
        >
          {draft.effects.map((effect, index) => (
            <EffectCard
              key={index}
              effect={effect}
              {...definition}
              errors={errorsAt(errors, `effects.${index}`)}
              onChange={(next) => edit({ effects: replaceAt(draft.effects, index, next) })}
              onRemove={() => edit({ effects: removeAt(draft.effects, index) })}
            />
          ))}
        </KindSection>
        <DialogActions gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button onClick={apply}>{t("workflow.dialog.apply")}</Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
