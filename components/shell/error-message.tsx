"use client";
import { Button } from "@mantine/core";
import { useTranslations } from "next-intl";
import { Oops } from "./oops";

export function ErrorMessage({ reset }: { reset: () => void }) {
  const t = useTranslations();
  return (
    <Oops
      text={t("shell.error.text")}
      action={
        <Button mt="md" onClick={reset}>
          {t("common.retry")}
        </Button>
      }
    />
  );
}
