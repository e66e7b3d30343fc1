"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { priceItemForm } from "@/components/price-item/price-item-form";

export default function PriceItemDetailsPage() {
  return <DetailsTab config={priceItemForm} />;
}
