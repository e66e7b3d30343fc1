import { describeIsolation } from "@/test/isolation/cases";
import { invoiceRows } from "./rows/invoice";

describeIsolation(invoiceRows);
