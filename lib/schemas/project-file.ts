import { z } from "./z";

/** POST /project/{id}/file: an upload of the member's (POST /file) kept with the project, from one of its visits when named. */
export const projectFileCreateSchema = z.strictObject({
  file: z.uuid({ error: "validation.param.id" }),
  visit: z.uuid({ error: "validation.param.id" }).nullable().default(null),
});
