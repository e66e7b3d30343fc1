import { ScheduleScreen } from "@/components/schedule/schedule-screen";
import type { SearchParams } from "@/lib/server/first-page";
import { boardAnswers } from "./board-answers";

/**
 * The dispatch board with its first reads (members, location, the shown days' visits and
 * time off) made while the page is served, so the day is in the first response, as a list
 * until the calendar has drawn.
 */
export default async function ScheduleRoute({ searchParams }: { searchParams: SearchParams }) {
  return <ScheduleScreen answers={await boardAnswers(searchParams)} />;
}
