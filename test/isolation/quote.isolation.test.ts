import { describeIsolation } from "@/test/isolation/cases";
import { quoteRows } from "./rows/quote";

describeIsolation(quoteRows);
