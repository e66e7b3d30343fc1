import { expect, test } from "@playwright/test";
import { expectToast, logIn, reloadWhenSaved, signUpByApi } from "./support";

test("the country is chosen by typing part of its name and Enter; a number that cannot be one is shown with the other errors at the first Save; mobile and drama numbers are kept", async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/organization");
  await logIn(page, email);

  await test.step("typing United King and Enter chooses the United Kingdom", async () => {
    const country = page.getByRole("combobox", { name: "Country" });
    // Typed as a person types it, a key at a time, into the focused field.
    await country.click();
    await country.pressSequentially("United King");
    await expect(page.getByRole("option", { name: "United Kingdom" })).toBeVisible();
    await country.press("Enter");
    await expect(country).toHaveValue("United Kingdom");
    await expect(page.getByRole("option")).toHaveCount(0);
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Changes have been saved");
    await reloadWhenSaved(page);
    await expect(page.getByRole("combobox", { name: "Country" })).toHaveValue("United Kingdom");
  });

  await test.step("the first Save shows the phone's error beside the name's and the email's", async () => {
    await page.goto("/customer/new");
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await page.getByRole("textbox", { name: "Phone" }).fill("0791");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Invalid input", "Enter a valid phone number");
    const form = page.locator("form");
    await expect(form.getByText("Enter a valid email address")).toBeVisible();
    await expect(form.getByText("Enter a valid phone number")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Full name" })).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/customer/new");
  });

  const id = await test.step("a UK mobile number is taken, stored in E.164 and shown nationally", async () => {
    await page.getByRole("textbox", { name: "Full name" }).fill("Ida Example");
    await page.getByRole("textbox", { name: "Email" }).fill("ida@example.test");
    await page.getByRole("textbox", { name: "Phone" }).fill("07911 444555");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Customer Ida Example has been created");
    await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("07911 444555");
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const saved = await (await page.request.get(`/api/api/customer/${id}`)).json();
    expect(saved.phone).toBe("+447911444555");
    return id;
  });

  await test.step("a drama number replaces it", async () => {
    const phone = page.getByRole("textbox", { name: "Phone" });
    await phone.fill("07700 900123");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Customer "Ida Example" has been updated');
    await reloadWhenSaved(page);
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("07700 900123");
    const saved = await (await page.request.get(`/api/api/customer/${id}`)).json();
    expect(saved.phone).toBe("+447700900123");
  });
});
