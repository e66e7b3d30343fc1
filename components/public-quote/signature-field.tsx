"use client";
import { Box, Button, Group, Input } from "@mantine/core";
import { useTranslations } from "next-intl";
import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import type SignaturePad from "signature_pad";

export type SignatureHandle = { png: () => string | null; clear: () => void };

/** Pixels per CSS pixel drawn: sharp on a phone, and the PNG stays far below the 200 kB the server takes. */
const MAX_RATIO = 2;

/**
 * A box to sign in with a finger or the mouse (signature_pad, loaded with the page's
 * answer part only), with Clear. `png()` answers the drawing as a PNG data URL, or
 * null while nothing is drawn.
 */
export const SignatureField = forwardRef<SignatureHandle, { error?: string | null; disabled?: boolean; onDrawn: (drawn: boolean) => void }>(
  function SignatureField({ error, disabled, onDrawn }, ref) {
    const t = useTranslations();
    const canvas = useRef<HTMLCanvasElement>(null);
    const pad = useRef<SignaturePad | null>(null);
    const drawn = useRef(onDrawn);
    drawn.current = onDrawn;

    useImperativeHandle(ref, () => ({
      png: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL("image/png") : null),
      clear: () => {
        pad.current?.clear();
        drawn.current(false);
      },
    }));

    useEffect(() => {
      let gone = false;
      let created: SignaturePad | null = null;
      const element = canvas.current!;
      // A resized canvas loses its drawing: scale it to its box, keeping what was drawn.
      const fit = () => {
        const ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO);
        const data = created?.toData();
        element.width = element.offsetWidth * ratio;
        element.height = element.offsetHeight * ratio;
        element.getContext("2d")!.scale(ratio, ratio);
        created?.clear();
        if (data && data.length > 0) created?.fromData(data);
      };
      import("signature_pad").then(({ default: Pad }) => {
        if (gone) return;
        created = new Pad(element, { penColor: "#1a1b1e", minWidth: 0.8, maxWidth: 2.6 });
        created.addEventListener("endStroke", () => drawn.current(!created!.isEmpty()));
        pad.current = created;
        fit();
        // Drawing starts to count from here (the page's tests wait for it).
        element.dataset.ready = "true";
      });
      window.addEventListener("resize", fit);
      return () => {
        gone = true;
        window.removeEventListener("resize", fit);
        created?.off();
      };
    }, []);

    useEffect(() => {
      if (!pad.current) return;
      if (disabled) pad.current.off();
      else pad.current.on();
    }, [disabled]);

    return (
      <Input.Wrapper label={t("publicQuote.signature")} description={t("publicQuote.signatureHint")} error={error} required>
        <Box
          mt={6}
          style={{
            border: `1px ${error ? "solid var(--mantine-color-error)" : "dashed var(--mantine-color-default-border)"}`,
            borderRadius: "var(--mantine-radius-md)",
            background: "var(--mantine-color-white)",
          }}
        >
          <canvas
            ref={canvas}
            data-testid="signature-pad"
            aria-label={t("publicQuote.signature")}
            style={{ display: "block", width: "100%", height: 170, touchAction: "none", cursor: "crosshair" }}
          />
        </Box>
        <Group justify="flex-end" mt={4}>
          <Button variant="subtle" size="compact-sm" onClick={() => (pad.current?.clear(), drawn.current(false))} disabled={disabled}>
            {t("publicQuote.clear")}
          </Button>
        </Group>
      </Input.Wrapper>
    );
  },
);
