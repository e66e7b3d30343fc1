import { idListSchema } from "./fields";
import { z } from "./z";

export const notificationPatchSchema = z
  .strictObject({ read: idListSchema.optional(), remove: idListSchema.optional() })
  .refine((value) => value.read !== undefined || value.remove !== undefined, {
    error: "Give read or remove",
  });
