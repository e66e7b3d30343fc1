import { describeIsolation } from "@/test/isolation/cases";
import { sessionRows } from "./session";

describeIsolation(sessionRows);
