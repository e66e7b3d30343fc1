import { getCountries } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./countries";

describe("COUNTRIES", () => {
  it("are the countries the phone number library reads numbers of", () => {
    expect([...COUNTRIES].sort()).toEqual([...getCountries()].sort());
  });
});
