import { describeIsolation } from "@/test/isolation/cases";
import { conversationRows } from "./conversation";

describeIsolation(conversationRows);
