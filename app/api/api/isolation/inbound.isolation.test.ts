import { describeIsolation } from "@/test/isolation/cases";
import { inboundRows } from "./inbound";

describeIsolation(inboundRows);
