"use client";
import { HomeButton, Oops } from "./oops";

export function NotFoundMessage() {
  return <Oops text="Content not found" tab="Not found" action={<HomeButton />} />;
}
