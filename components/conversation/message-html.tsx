"use client";
import { Button, Group, Text } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";

const MAX_HEIGHT = 2400;

/**
 * An inbound email's HTML (sanitized by the server), inert: a sandbox without
 * scripts or forms, served by GET /message/{id}/html under its own policy, which
 * loads nothing remote until the reader asks (then https images). Same origin only
 * so the frame can be sized to its content; without scripts nothing inside can use it.
 */
export function MessageHtml({ id, html, title }: { id: string; html: string; title: string }) {
  const t = useTranslations();
  const [remote, setRemote] = useState(false);
  const [height, setHeight] = useState(120);
  const frame = useRef<HTMLIFrameElement>(null);
  const hasRemote = html.includes("data-remote-src");

  const fit = () => {
    const doc = frame.current?.contentDocument;
    if (doc) setHeight(Math.min(MAX_HEIGHT, Math.max(40, doc.documentElement.scrollHeight)));
  };

  return (
    <div>
      {hasRemote && !remote && (
        // On a narrow bubble the button takes a line of its own rather than being cut off.
        <Group gap="xs" mb={6} wrap="wrap" style={{ rowGap: 4 }}>
          <Text size="xs" c="dimmed">
            {t("conversation.html.hidden")}
          </Text>
          <Button size="compact-xs" variant="light" leftSection={<IconPhoto size={12} />} onClick={() => setRemote(true)} style={{ flexShrink: 0 }}>
            {t("conversation.html.show")}
          </Button>
        </Group>
      )}
      <iframe
        ref={frame}
        title={title}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        src={`/api/api/message/${id}/html${remote ? "?remote_images=true" : ""}`}
        onLoad={fit}
        style={{ width: "100%", height, border: 0, display: "block", background: "#fff", borderRadius: 4 }}
      />
    </div>
  );
}
