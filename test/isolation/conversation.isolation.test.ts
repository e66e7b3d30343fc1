import { describeIsolation } from "@/test/isolation/cases";
import { conversationRows } from "./rows/conversation";

describeIsolation(conversationRows);
