import { describe, expect, it } from "vitest";
import { parseTemplate, renderTemplate, TEMPLATE_CHARS_MAX, TEMPLATE_TAGS_MAX, templateIssue } from "./message-template";

const KNOWN = ["customer.name", "visit.time", "visit.eta", "links.review"];

describe("message templates", () => {
  it("fill placeholders in, with spaces inside the braces, and leave unknown values empty", () => {
    expect(renderTemplate("Hello {{customer.name}}, at {{ visit.time }}.", { "customer.name": "Mia", "visit.time": "09:00" })).toBe("Hello Mia, at 09:00.");
    expect(renderTemplate("Hello {{customer.name}}!", {})).toBe("Hello !");
    expect(renderTemplate("No placeholders } { }} here", {})).toBe("No placeholders } { }} here");
  });

  it("show a section only with a value, an inverted one only without, nested too", () => {
    const template = "On the way{{#visit.eta}}, there in {{visit.eta}} min{{/visit.eta}}{{^visit.eta}}, see you soon{{/visit.eta}}.";
    expect(renderTemplate(template, { "visit.eta": "20" })).toBe("On the way, there in 20 min.");
    expect(renderTemplate(template, { "visit.eta": "" })).toBe("On the way, see you soon.");
    expect(renderTemplate("{{#customer.name}}Hi {{customer.name}}{{#visit.time}} at {{visit.time}}{{/visit.time}}{{/customer.name}}", { "customer.name": "Mia" })).toBe("Hi Mia");
  });

  it("leave no gap where a section left its lines empty", () => {
    const template = "Hello,\n\n{{#links.review}}Review us: {{links.review}}\n\n{{/links.review}}Thanks   \n\n\n\nBye\n";
    expect(renderTemplate(template, {})).toBe("Hello,\n\nThanks\n\nBye");
    expect(renderTemplate(template, { "links.review": "https://r.example" })).toBe("Hello,\n\nReview us: https://r.example\n\nThanks\n\nBye");
  });

  it("never read a value as a template or markup: what a name holds is put in as it is", () => {
    expect(renderTemplate("{{customer.name}}", { "customer.name": "{{links.review}} <b>" })).toBe("{{links.review}} <b>");
  });

  it("name unknown placeholders, each once, in the order written", () => {
    expect(templateIssue("{{customer.nickname}} {{visit.time}} {{#order.total}}{{/order.total}} {{customer.nickname}}", KNOWN)).toEqual({
      code: "unknown",
      names: ["customer.nickname", "order.total"],
    });
    expect(templateIssue("{{customer.name}} {{#visit.eta}}{{visit.eta}}{{/visit.eta}}", KNOWN)).toBeNull();
  });

  it("refuse broken syntax before names", () => {
    expect(templateIssue("Hi {{customer.name", KNOWN)).toEqual({ code: "unclosed_tag" });
    expect(templateIssue("{{Customer Name}}", KNOWN)).toEqual({ code: "bad_tag", tag: "{{Customer Name}}" });
    expect(templateIssue("{{customer..name}} {{.x}} {{x.}} {{1x}}", KNOWN)?.code).toBe("bad_tag");
    expect(templateIssue("{{}}", KNOWN)).toEqual({ code: "bad_tag", tag: "{{}}" });
    expect(templateIssue("{{#visit.eta}}soon", KNOWN)).toEqual({ code: "unclosed_section", name: "visit.eta" });
    expect(templateIssue("{{#visit.eta}}{{/visit.time}}", KNOWN)).toEqual({ code: "unexpected_close", name: "visit.time" });
    expect(templateIssue("{{/visit.eta}}", KNOWN)).toEqual({ code: "unexpected_close", name: "visit.eta" });
    expect(templateIssue("{{#a}}{{#b}}{{#c}}{{#d}}{{#e}}{{/e}}{{/d}}{{/c}}{{/b}}{{/a}}", ["a", "b", "c", "d", "e"])).toEqual({ code: "too_deep" });
    expect(renderTemplate("{{#visit.eta}}", {})).toBeNull();
  });

  it("bound the work: a tag count, a length, and one pass over hostile input", () => {
    expect(templateIssue("{{visit.time}}".repeat(TEMPLATE_TAGS_MAX + 1), KNOWN)).toEqual({ code: "too_many_tags" });
    expect(templateIssue("x".repeat(TEMPLATE_CHARS_MAX + 1), KNOWN)).toEqual({ code: "too_long" });
    expect(templateIssue("{{".repeat(9_000), KNOWN)?.code).toBe("unclosed_tag");
    expect(templateIssue(`${"{{".repeat(9_000)}}}`, KNOWN)?.code).toBe("bad_tag");
    expect(renderTemplate(`${" ".repeat(19_000)}x`, {})).toBe("x");
    expect(renderTemplate("\n ".repeat(9_000), {})).toBe("");
    expect(parseTemplate(`{{${"a".repeat(19_000)}}}`).issue?.code).toBe("bad_tag");
  });
});
