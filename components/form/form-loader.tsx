"use client";
import { Center, Loader } from "@mantine/core";

/** In a form's place while code it needs is fetched (FormConfig.load). */
export function FormLoader() {
  return (
    <Center py={80}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
