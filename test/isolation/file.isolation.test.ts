import { describeIsolation } from "@/test/isolation/cases";
import { fileRows } from "./rows/file";

describeIsolation(fileRows);
