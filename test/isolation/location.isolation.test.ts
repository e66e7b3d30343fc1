import { describeIsolation } from "@/test/isolation/cases";
import { locationRows } from "./rows/location";

describeIsolation(locationRows);
