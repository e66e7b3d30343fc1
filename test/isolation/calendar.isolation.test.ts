import { describeIsolation } from "@/test/isolation/cases";
import { calendarRows } from "./rows/calendar";

describeIsolation(calendarRows);
