import { describeIsolation } from "@/test/isolation/cases";
import { stripeRows } from "./rows/stripe";

describeIsolation(stripeRows);
