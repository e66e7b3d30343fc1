"use client";
import { ScheduleScreen } from "@/components/schedule/schedule-screen";

export default function SchedulePage() {
  return <ScheduleScreen />;
}
