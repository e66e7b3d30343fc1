import { describeIsolation } from "@/test/isolation/cases";
import { customerRows } from "./rows/customer";

describeIsolation(customerRows);
