import { describeIsolation } from "@/test/isolation/cases";
import { roleRows } from "./rows/role";

describeIsolation(roleRows);
