import { describe, expect, it } from "vitest";
import { readEmail } from "./email";
import { emailSchema } from "./fields";

const TEXTS = [
  "anna@example.test",
  "  Anna.Berg@Example.TEST ",
  "émile@exemple.test",
  "E\u0301mile@exemple.test",
  "a@b",
  "anna@",
  ".anna@example.test",
  "an..na@example.test",
  "anna@example.t",
  "anna+tag@sub.example.test",
  "anna berg@example.test",
  "",
];

describe("readEmail", () => {
  it.each(TEXTS)("reads %j as the API's email schema does", (text) => {
    expect(readEmail(text)).toBe(emailSchema.safeParse(text).data ?? null);
  });
});
