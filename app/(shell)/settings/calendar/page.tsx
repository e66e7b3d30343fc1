"use client";
import { CalendarFeeds } from "@/components/settings/calendar-feeds";

export default function CalendarFeedSettingsPage() {
  return <CalendarFeeds />;
}
