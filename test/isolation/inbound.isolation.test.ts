import { describeIsolation } from "@/test/isolation/cases";
import { inboundRows } from "./rows/inbound";

describeIsolation(inboundRows);
