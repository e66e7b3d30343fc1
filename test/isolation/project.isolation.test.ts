import { describeIsolation } from "@/test/isolation/cases";
import { projectRows } from "./rows/project";

describeIsolation(projectRows);
