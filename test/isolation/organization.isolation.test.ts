import { describeIsolation } from "@/test/isolation/cases";
import { organizationRows } from "./rows/organization";

describeIsolation(organizationRows);
