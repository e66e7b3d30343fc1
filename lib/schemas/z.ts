import { z } from "zod";

// Readable messages for the cases zod words technically.
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Required";
    if (issue.code === "invalid_type" && issue.input === null) return "Must not be empty";
    return undefined;
  },
});

export { z };
