"use client";
import { useTranslations } from "next-intl";
import { HomeButton, Oops } from "./oops";

export function NotFoundMessage() {
  const t = useTranslations();
  return <Oops text={t("shell.notFound.text")} tab={t("shell.notFound.tab")} action={<HomeButton />} />;
}
