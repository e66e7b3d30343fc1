import { describeIsolation } from "@/test/isolation/cases";
import { customerPartRows } from "./rows/customer-parts";

describeIsolation(customerPartRows);
