import { describeIsolation } from "@/test/isolation/cases";
import { projectTypeRows } from "./rows/project-type";

describeIsolation(projectTypeRows);
