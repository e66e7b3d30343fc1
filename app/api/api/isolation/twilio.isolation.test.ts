import { describeIsolation } from "@/test/isolation/cases";
import { twilioRows } from "./twilio";

describeIsolation(twilioRows);
