import { describeIsolation } from "@/test/isolation/cases";
import { tokenRows } from "./rows/token";

describeIsolation(tokenRows);
