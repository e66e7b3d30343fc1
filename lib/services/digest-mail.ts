import "server-only";
import { translatorFor } from "@/lib/i18n/messages";
import { isAppPath } from "@/lib/schemas/app-path";
import type { NotificationFrequency } from "@/lib/schemas/constants";
import { appOrigin } from "@/lib/server/app-origin";
import type { Mail } from "@/lib/services/messaging/mail";
import { unsubscribeLinks } from "@/lib/server/unsubscribe-token";

export type DigestItem = { title: string; content: string; link: string | null };

export type Digest = {
  memberId: string;
  to: string;
  name: string;
  organization: string;
  frequency: NotificationFrequency;
  items: DigestItem[];
  /** Unread notifications of the period beyond `items`. */
  more: number;
  /** The language the member reads. */
  locale: string;
};

const CADENCE: Record<NotificationFrequency, string> = {
  every: "digest.cadence.every",
  "1_minute": "digest.cadence.minute",
  "5_minutes": "digest.cadence.fiveMinutes",
  "15_minutes": "digest.cadence.fifteenMinutes",
  "60_minutes": "digest.cadence.hour",
  day: "digest.cadence.day",
  week: "digest.cadence.week",
  never: "digest.cadence.never",
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** One email listing a member's unread notifications, with a link to each and a one-click unsubscribe (RFC 8058). */
export function digestMail(digest: Digest, origin = appOrigin()): Mail {
  const t = translatorFor(digest.locale);
  const total = digest.items.length + digest.more;
  const { organization } = digest;
  const subject = (total === 1 ? `${digest.items[0].title} · ${organization}` : t("digest.subject", { count: total, organization }))
    .replace(/\s+/g, " ")
    .trim();
  const items = digest.items.map((item) => ({ ...item, url: `${origin}${isAppPath(item.link) ? item.link : "/"}` }));
  const unsubscribe = unsubscribeLinks(origin, digest.memberId);
  const settings = `${origin}/settings/notifications`;
  const intro = t("digest.intro", { count: total, organization });
  const moreLine = digest.more > 0 ? t("digest.more", { count: digest.more }) : null;
  const footer = t("digest.footer", { cadence: t(CADENCE[digest.frequency] as never) });
  const changeLink = t("digest.changeLink");
  const unsubscribeLink = t("digest.unsubscribeLink");

  const text = [
    t("digest.hello", { name: digest.name }),
    "",
    intro,
    "",
    ...items.flatMap((item) => [`- ${item.title}`, ...(item.content ? [`  ${item.content}`] : []), `  ${item.url}`, ""]),
    ...(moreLine ? [`${moreLine}: ${origin}/`, ""] : []),
    `${footer} ${t("digest.changeText", { url: settings })}`,
    t("digest.unsubscribeText", { url: unsubscribe.page }),
  ].join("\n");

  const html = [
    `<p>${escapeHtml(t("digest.hello", { name: digest.name }))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    "<ul>",
    ...items.map(
      (item) =>
        `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>${item.content ? `<br>${escapeHtml(item.content)}` : ""}</li>`,
    ),
    "</ul>",
    moreLine ? `<p><a href="${escapeHtml(`${origin}/`)}">${escapeHtml(moreLine)}</a></p>` : "",
    `<p style="color:#6b6b6b;font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(settings)}">${escapeHtml(changeLink)}</a> · <a href="${escapeHtml(unsubscribe.page)}">${escapeHtml(unsubscribeLink)}</a></p>`,
  ].join("\n");

  return {
    to: digest.to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribe.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
