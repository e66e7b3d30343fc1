import "server-only";
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
};

const CADENCE: Record<NotificationFrequency, string> = {
  every: "as they come",
  "1_minute": "every minute",
  "5_minutes": "every 5 minutes",
  "15_minutes": "every 15 minutes",
  "60_minutes": "every hour",
  day: "once a day",
  week: "once a week",
  never: "never",
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** One email listing a member's unread notifications, with a link to each and a one-click unsubscribe (RFC 8058). */
export function digestMail(digest: Digest, origin = appOrigin()): Mail {
  const total = digest.items.length + digest.more;
  const subject = (total === 1 ? `${digest.items[0].title} · ${digest.organization}` : `${total} new notifications · ${digest.organization}`)
    .replace(/\s+/g, " ")
    .trim();
  const items = digest.items.map((item) => ({ ...item, url: `${origin}${isAppPath(item.link) ? item.link : "/"}` }));
  const unsubscribe = unsubscribeLinks(origin, digest.memberId);
  const settings = `${origin}/settings/notifications`;
  const intro = `${total === 1 ? "You have a new notification" : `You have ${total} new notifications`} in ${digest.organization}.`;
  const moreLine = digest.more > 0 ? `and ${digest.more} more` : null;
  const footer = `You receive these emails ${CADENCE[digest.frequency]}.`;

  const text = [
    `Hello ${digest.name},`,
    "",
    intro,
    "",
    ...items.flatMap((item) => [`- ${item.title}`, ...(item.content ? [`  ${item.content}`] : []), `  ${item.url}`, ""]),
    ...(moreLine ? [`${moreLine}: ${origin}/`, ""] : []),
    `${footer} Change how often in your settings: ${settings}`,
    `Unsubscribe from notification emails: ${unsubscribe.page}`,
  ].join("\n");

  const html = [
    `<p>Hello ${escapeHtml(digest.name)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    "<ul>",
    ...items.map(
      (item) =>
        `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>${item.content ? `<br>${escapeHtml(item.content)}` : ""}</li>`,
    ),
    "</ul>",
    moreLine ? `<p><a href="${escapeHtml(`${origin}/`)}">${escapeHtml(moreLine)}</a></p>` : "",
    `<p style="color:#6b6b6b;font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(settings)}">Change how often</a> · <a href="${escapeHtml(unsubscribe.page)}">Unsubscribe from notification emails</a></p>`,
  ].join("\n");

  return {
    to: digest.to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribe.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
