import { describeIsolation } from "@/test/isolation/cases";
import { roleRows } from "./role";

describeIsolation(roleRows);
