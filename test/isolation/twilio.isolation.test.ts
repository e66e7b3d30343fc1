import { describeIsolation } from "@/test/isolation/cases";
import { twilioRows } from "./rows/twilio";

describeIsolation(twilioRows);
