import { describeIsolation } from "@/test/isolation/cases";
import { integrationsRows } from "./rows/integrations";

describeIsolation(integrationsRows);
