import { describe, expect, it } from "vitest";
import { baseSubject, replySubject, replyTitle } from "./reply-subject";

describe("replyTitle", () => {
  it("adds Re: once", () => {
    expect(replyTitle("Kitchen tap")).toBe("Re: Kitchen tap");
    expect(replyTitle("Re: Kitchen tap")).toBe("Re: Kitchen tap");
  });

  it("keeps a prefix in any case as written, trimmed", () => {
    expect(replyTitle("RE: Kitchen tap ")).toBe("RE: Kitchen tap");
    expect(replyTitle("  re:Kitchen tap")).toBe("re:Kitchen tap");
  });
});

describe("baseSubject", () => {
  it("drops every reply and forward prefix, with counters and in any case", () => {
    expect(baseSubject("Re: Re: AW: Quote")).toBe("Quote");
    expect(baseSubject("RE[2]: Fwd: sv: Quote ")).toBe("Quote");
    expect(baseSubject("Quote: kitchen")).toBe("Quote: kitchen");
  });
});

describe("replySubject", () => {
  it("sends a reply under its thread's subject as Re: once", () => {
    expect(replySubject("Kitchen quote", "Kitchen quote")).toBe("Re: Kitchen quote");
    expect(replySubject("Re: Re: Kitchen quote", "Re: Kitchen quote")).toBe("Re: Kitchen quote");
    expect(replySubject("RE: kitchen QUOTE", "AW: Kitchen quote")).toBe("Re: kitchen QUOTE");
  });

  it("keeps a subject the member changed, or one without a known parent, as written", () => {
    expect(replySubject("New visit date", "Kitchen quote")).toBe("New visit date");
    expect(replySubject("Re: Re: Kitchen quote", undefined)).toBe("Re: Re: Kitchen quote");
  });
});
