import { translate } from "@/lib/client/translate";
import { projectTypeCreateSchema } from "@/lib/schemas/project-type";
import { ICONS } from "@/lib/schemas/project-type-palette";
import { z } from "@/lib/schemas/z";

// The server's message lists every icon value; a person choosing from pictures needs only this, in the page's language.
export const projectTypeCreateFormSchema = projectTypeCreateSchema.extend({
  icon: z.enum(ICONS, { error: () => translate("projectType.field.chooseIcon") }),
});
