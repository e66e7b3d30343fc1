import { describeIsolation } from "@/test/isolation/cases";
import { documentNumbersRows } from "./rows/document-numbers";

describeIsolation(documentNumbersRows);
