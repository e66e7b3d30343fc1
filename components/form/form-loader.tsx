"use client";
import { Center, Loader } from "@mantine/core";
import { useTranslations } from "next-intl";

/** In a form's place while code it needs is fetched (FormConfig.load). */
export function FormLoader() {
  const t = useTranslations();
  return (
    <Center py={80}>
      <Loader aria-label={t("common.loading")} />
    </Center>
  );
}
