"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { notificationsForm } from "@/components/settings/notifications-form";

export default function NotificationSettingsPage() {
  return <DetailsTab config={notificationsForm} />;
}
