import { describeIsolation } from "@/test/isolation/cases";
import { customerRows } from "./customer";

describeIsolation(customerRows);
