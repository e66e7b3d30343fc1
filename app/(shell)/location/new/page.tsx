"use client";
import { CreateScreen } from "@/components/form/create-screen";
import { locationForm } from "@/components/location/location-form";

export default function NewLocationPage() {
  return <CreateScreen config={locationForm} />;
}
