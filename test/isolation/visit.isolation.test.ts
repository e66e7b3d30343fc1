import { describeIsolation } from "@/test/isolation/cases";
import { visitRows } from "./rows/visit";

describeIsolation(visitRows);
