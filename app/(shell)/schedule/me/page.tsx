"use client";
import { Suspense } from "react";
import { DayScreen } from "@/components/visit-day/day-screen";
import { useSession } from "@/lib/client/use-session";

export default function MyDayPage() {
  const { data: session } = useSession();
  // The day is read from the address (useSearchParams), which needs a Suspense boundary when the page is prerendered.
  return session ? (
    <Suspense>
      <DayScreen session={session} />
    </Suspense>
  ) : null;
}
