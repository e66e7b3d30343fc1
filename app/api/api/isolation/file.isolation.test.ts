import { describeIsolation } from "@/test/isolation/cases";
import { fileRows } from "./file";

describeIsolation(fileRows);
