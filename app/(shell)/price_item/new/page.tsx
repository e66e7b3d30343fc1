"use client";
import { CreateScreen } from "@/components/form/create-screen";
import { priceItemForm } from "@/components/price-item/price-item-form";

export default function NewPriceItemPage() {
  return <CreateScreen config={priceItemForm} />;
}
