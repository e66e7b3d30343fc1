import { describeIsolation } from "@/test/isolation/cases";
import { automaticMessagesRows } from "./rows/automatic-messages";

describeIsolation(automaticMessagesRows);
