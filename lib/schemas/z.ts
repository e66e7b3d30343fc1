import { z } from "zod";
import { issueKey } from "@/lib/i18n/zod-issue";

// Every issue a schema does not word itself gets a catalogue key, translated at the edge.
z.config({ customError: (issue) => issueKey(issue) });

export { z };
