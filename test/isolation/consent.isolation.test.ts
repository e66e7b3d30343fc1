import { describeIsolation } from "@/test/isolation/cases";
import { consentRows } from "./rows/consent";

describeIsolation(consentRows);
