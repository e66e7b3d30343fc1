"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { profileForm } from "@/components/settings/profile-form";

export default function ProfileSettingsPage() {
  return <DetailsTab config={profileForm} />;
}
