import { describeIsolation } from "@/test/isolation/cases";
import { locationRows } from "./location";

describeIsolation(locationRows);
