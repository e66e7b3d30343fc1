"use client";
import { CsvDemoScreen } from "@/components/import/csv-demo-screen";

export default function CsvExamplePage() {
  return <CsvDemoScreen />;
}
