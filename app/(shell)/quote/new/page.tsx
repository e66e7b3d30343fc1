"use client";
import { CreateScreen } from "@/components/form/create-screen";
import { quoteForm } from "@/components/quote/quote-form";

export default function NewQuotePage() {
  return <CreateScreen config={quoteForm} />;
}
