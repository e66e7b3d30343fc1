"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { locationForm } from "@/components/location/location-form";

export default function LocationDetailsPage() {
  return <DetailsTab config={locationForm} />;
}
