import { describeIsolation } from "@/test/isolation/cases";
import { memberRows } from "./member";

describeIsolation(memberRows);
