import { describeIsolation } from "@/test/isolation/cases";
import { projectRows } from "./project";

describeIsolation(projectRows);
