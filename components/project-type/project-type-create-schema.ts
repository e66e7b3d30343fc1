import { projectTypeCreateSchema } from "@/lib/schemas/project-type";
import { ICONS } from "@/lib/schemas/project-type-palette";
import { z } from "@/lib/schemas/z";

// The server's message lists every icon value; a person choosing from pictures needs only this.
export const projectTypeCreateFormSchema = projectTypeCreateSchema.extend({ icon: z.enum(ICONS, { error: "projectType.field.chooseIcon" }) });
