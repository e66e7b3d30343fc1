import { describeIsolation } from "@/test/isolation/cases";
import { integrationsRows } from "./integrations";

describeIsolation(integrationsRows);
