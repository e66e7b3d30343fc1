"use client";
import { Alert, Button, Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { QuoteAnswerKind } from "@/lib/schemas/quote-values";
import { ANSWER_COMMENT_MAX, ANSWER_NAME_MAX } from "@/lib/schemas/quote-public";
import { SignatureField, type SignatureHandle } from "./signature-field";

export type AnswerBody =
  | { answer: "approved"; option: string; optional_lines: string[]; name: string; signature: string; revision_hash: string }
  | { answer: "declined"; name?: string; comment?: string; revision_hash: string }
  | { answer: "changes_requested"; name?: string; comment: string; revision_hash: string };

type Props = {
  /** What the answer sends besides what is typed here: the choice and the revision shown. */
  choice: { option: string; optional_lines: string[]; revision_hash: string };
  /** Sends the answer; resolves with the error to show, or null once it is taken. */
  send: (body: AnswerBody) => Promise<string | null>;
};

/**
 * After the terms: the customer's name and drawn signature to approve; declining and
 * asking for changes (with a comment) as the quieter ways out.
 */
export function QuoteAnswer({ choice, send }: Props) {
  const t = useTranslations();
  const signature = useRef<SignatureHandle>(null);
  const [mode, setMode] = useState<QuoteAnswerKind>("approved");
  const [name, setName] = useState("");
  const [comment, setComment] = useState("");
  const [drawn, setDrawn] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; signature?: string; comment?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const typed = name.trim();
    const said = comment.trim();
    const png = signature.current?.png() ?? null;
    const found = {
      name: mode === "approved" && !typed ? t("publicQuote.nameRequired") : undefined,
      signature: mode === "approved" && !png ? t("publicQuote.signatureRequired") : undefined,
      comment: mode === "changes_requested" && !said ? t("publicQuote.commentRequired") : undefined,
    };
    setErrors(found);
    if (found.name || found.signature || found.comment) return;
    const optional = { ...(typed ? { name: typed } : {}) };
    const body: AnswerBody =
      mode === "approved"
        ? { answer: "approved", ...choice, name: typed, signature: png! }
        : mode === "declined"
          ? { answer: "declined", ...optional, ...(said ? { comment: said } : {}), revision_hash: choice.revision_hash }
          : { answer: "changes_requested", ...optional, comment: said, revision_hash: choice.revision_hash };
    setBusy(true);
    setFailure(await send(body));
    setBusy(false);
  };

  const title = mode === "approved" ? t("publicQuote.answerTitle") : mode === "declined" ? t("publicQuote.declineTitle") : t("publicQuote.changesTitle");
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {mode !== "approved" && (
          <Textarea
            label={mode === "declined" ? t("publicQuote.declineComment") : t("publicQuote.changesComment")}
            value={comment}
            onChange={(event) => (setComment(event.currentTarget.value), setErrors((before) => ({ ...before, comment: undefined })))}
            maxLength={ANSWER_COMMENT_MAX}
            autosize
            minRows={3}
            required={mode === "changes_requested"}
            error={errors.comment}
          />
        )}
        <TextInput
          label={t("publicQuote.name")}
          value={name}
          onChange={(event) => (setName(event.currentTarget.value), setErrors((before) => ({ ...before, name: undefined })))}
          maxLength={ANSWER_NAME_MAX}
          autoComplete="name"
          required={mode === "approved"}
          error={errors.name}
        />
        {mode === "approved" && (
          <>
            <SignatureField ref={signature} error={errors.signature} disabled={busy} onDrawn={(value) => (setDrawn(value), value && setErrors((before) => ({ ...before, signature: undefined })))} />
            <Text size="xs" c="dimmed">
              {t("publicQuote.approveNote")}
            </Text>
          </>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Button size="md" fullWidth loading={busy} onClick={submit} color={mode === "declined" ? "red" : undefined} data-drawn={drawn || undefined}>
          {mode === "approved" ? t("publicQuote.approve") : mode === "declined" ? t("publicQuote.declineSubmit") : t("publicQuote.changesSubmit")}
        </Button>
        {mode === "approved" ? (
          <Stack gap="xs">
            <Button variant="default" fullWidth onClick={() => (setMode("changes_requested"), setFailure(null))}>
              {t("publicQuote.changes")}
            </Button>
            <Button variant="default" fullWidth onClick={() => (setMode("declined"), setFailure(null))}>
              {t("publicQuote.decline")}
            </Button>
          </Stack>
        ) : (
          <Button variant="subtle" onClick={() => (setMode("approved"), setErrors({}), setFailure(null))} disabled={busy}>
            {t("publicQuote.cancel")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
