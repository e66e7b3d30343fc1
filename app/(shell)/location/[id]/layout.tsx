"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { locationDetail } from "@/components/location/location-detail";

export default function LocationLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={locationDetail}>{children}</DetailLayout>;
}
