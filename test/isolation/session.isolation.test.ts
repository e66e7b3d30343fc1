import { describeIsolation } from "@/test/isolation/cases";
import { sessionRows } from "./rows/session";

describeIsolation(sessionRows);
