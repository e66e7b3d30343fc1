import { createdSinceParam } from "./list-query";
import { z } from "./z";

export const dashboardQuerySchema = z.strictObject({
  // Where "new this week" starts, as the member's own calendar has it; a week ago when absent.
  created_since: createdSinceParam,
});
