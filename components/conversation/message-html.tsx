"use client";
import { Button, Group, Text } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useMemo, useRef, useState } from "react";

const MAX_HEIGHT = 2400;

/**
 * Nothing loads from outside unless the reader asks; then https images only.
 * 'self' is for inline images, which the server points at the message's own files.
 */
const policy = (remote: boolean) =>
  `default-src 'none'; img-src 'self' data: cid:${remote ? " https:" : ""}; style-src 'unsafe-inline'`;

/** The server parks remote image addresses in data-remote-src; asking for them puts https ones back. */
function withRemoteImages(html: string) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const image of doc.querySelectorAll<HTMLElement>("[data-remote-src]")) {
    const source = image.getAttribute("data-remote-src") ?? "";
    if (source.startsWith("https://")) image.setAttribute("src", source);
  }
  return doc.body.innerHTML;
}

const page = (body: string, remote: boolean) => `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy(remote)}">
<base target="_blank">
<style>html,body{margin:0;padding:0}body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}pre{white-space:pre-wrap}</style>
</head><body>${body}</body></html>`;

/**
 * An inbound email's HTML (sanitized by the server), inert: a sandbox without
 * scripts or forms, and a policy that loads nothing remote. Same origin only so
 * the frame can be sized to its content; without scripts nothing inside can use it.
 */
export function MessageHtml({ html, title }: { html: string; title: string }) {
  const [remote, setRemote] = useState(false);
  const [height, setHeight] = useState(120);
  const frame = useRef<HTMLIFrameElement>(null);
  const hasRemote = html.includes("data-remote-src");
  const srcDoc = useMemo(() => page(remote ? withRemoteImages(html) : html, remote), [html, remote]);

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
            Remote images are hidden.
          </Text>
          <Button size="compact-xs" variant="light" leftSection={<IconPhoto size={12} />} onClick={() => setRemote(true)} style={{ flexShrink: 0 }}>
            Show remote images
          </Button>
        </Group>
      )}
      <iframe
        ref={frame}
        title={title}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        srcDoc={srcDoc}
        onLoad={fit}
        style={{ width: "100%", height, border: 0, display: "block", background: "#fff", borderRadius: 4 }}
      />
    </div>
  );
}
