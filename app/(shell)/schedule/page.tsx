import { Suspense } from "react";
import { ScheduleLoading, ScheduleScreen } from "@/components/schedule/schedule-screen";
import type { SearchParams } from "@/lib/server/first-page";
import { boardAnswers } from "./board-answers";

/**
 * The dispatch board with its first reads (members, location, the shown days' visits and
 * time off) made while the page is served. The frame and the page's script go out first;
 * the board follows in the same response once they are read.
 */
export default function ScheduleRoute({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense fallback={<ScheduleLoading />}>
      <ServedSchedule searchParams={searchParams} />
    </Suspense>
  );
}

async function ServedSchedule({ searchParams }: { searchParams: SearchParams }) {
  return <ScheduleScreen answers={await boardAnswers(searchParams)} />;
}
