import { listQuerySchema } from "./list-query";
import { FILE_LIST } from "./lists";
import { z } from "./z";

/** GET /file: files have no location or status; `removed` filters instead (spec §5). */
export const fileListQuerySchema = listQuerySchema(FILE_LIST)
  .omit({ status: true, sharing: true })
  .extend({
    removed: z
      .enum(["true", "false"], { error: "validation.param.trueOrFalse" })
      .default(FILE_LIST.filterDefaults.removed[0])
      .transform((value) => value === "true"),
  });

/** PATCH /file/{id}: a file can only be removed; its bytes are deleted, so there is no way back. */
export const fileUpdateSchema = z.strictObject({
  removed: z.literal(true, { error: "validation.file.restore" }),
});

export type FileListQuery = z.output<typeof fileListQuerySchema>;
