import { describeIsolation } from "@/test/isolation/cases";
import { memberRows } from "./rows/member";

describeIsolation(memberRows);
