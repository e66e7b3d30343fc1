// Sessions through the real API, and one list read to check the answer.
export async function logIn(origin: string, email: string, password: string) {
  const res = await fetch(`${origin}/api/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`Login of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
  const session = (await res.json()) as { location: { id: string } | null };
  return { cookie, locationId: session.location?.id ?? null };
}

export async function getJson(origin: string, path: string, cookie: string) {
  const res = await fetch(`${origin}${path}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ items: { id: string }[]; more: boolean }>;
}
