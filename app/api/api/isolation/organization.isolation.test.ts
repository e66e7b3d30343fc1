import { describeIsolation } from "@/test/isolation/cases";
import { organizationRows } from "./organization";

describeIsolation(organizationRows);
