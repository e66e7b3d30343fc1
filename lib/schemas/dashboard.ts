import { createdSinceParam } from "./list-query";
import { z } from "./z";

export const dashboardQuerySchema = z.strictObject({
  // Where "new this week" starts, as the member's own calendar has it; a week ago when absent.
  created_since: createdSinceParam,
});

/** The aged receivables take no parameters (an unknown one is a 400). */
export const receivablesQuerySchema = z.strictObject({});
