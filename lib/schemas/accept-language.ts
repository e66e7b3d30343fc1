/** The language tags of an `Accept-Language` header, most wanted first (by quality, then order); refused ones (q=0) left out. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? "")
    .slice(0, 500)
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(params.find((param) => param.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
