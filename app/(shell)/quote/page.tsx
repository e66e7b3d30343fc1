"use client";
import { QuoteListScreen } from "./list-screen";

export default function QuoteListPage() {
  return <QuoteListScreen />;
}
