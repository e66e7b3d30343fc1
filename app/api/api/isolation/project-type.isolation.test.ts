import { describeIsolation } from "@/test/isolation/cases";
import { projectTypeRows } from "./project-type";

describeIsolation(projectTypeRows);
