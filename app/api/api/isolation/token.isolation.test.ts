import { describeIsolation } from "@/test/isolation/cases";
import { tokenRows } from "./token";

describeIsolation(tokenRows);
