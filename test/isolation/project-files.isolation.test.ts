import { describeIsolation } from "@/test/isolation/cases";
import { projectFileRows } from "./rows/project-files";

describeIsolation(projectFileRows);
