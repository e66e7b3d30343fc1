import { describeIsolation } from "@/test/isolation/cases";
import { priceBookRows } from "./rows/price-book";

describeIsolation(priceBookRows);
