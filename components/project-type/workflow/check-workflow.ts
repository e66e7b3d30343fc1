import { issueText, issueTexts, type FieldErrors } from "@/lib/client/field-errors";
import { translate } from "@/lib/client/translate";
import type { FieldDefinition, ProjectStatus } from "@/lib/schemas/project-fields";
import { workflowIssues, workflowSchema, type Workflow } from "@/lib/schemas/workflow";

type Definition = { statuses: ProjectStatus[]; fields: FieldDefinition[] };

/**
 * The dialog's draft against the same rules the server applies to the whole
 * type, with paths inside the workflow ("effects.0.value"); first message per path.
 */
export function checkWorkflow(draft: Workflow, { statuses, fields }: Definition): { workflow?: Workflow; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => void (errors[path] ??= message);
  draft.effects.forEach((effect, index) => {
    if (effect.type === "status_set" && effect.value === 0) add(`effects.${index}.value`, translate("workflow.effect.chooseStatus"));
  });
  const parsed = workflowSchema.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path.map(String).join("."), issueText(issue));
    return { errors };
  }
  for (const issue of issueTexts(workflowIssues({ statuses, fields, workflows: [parsed.data] }))) {
    add(issue.path.replace(/^workflows\.0\./, ""), issue.message);
  }
  return Object.keys(errors).length > 0 ? { errors } : { workflow: parsed.data, errors };
}
