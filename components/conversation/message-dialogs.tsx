"use client";
import { Button, Center, FileInput, Group, Loader, Stack, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPaperclip } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { useItem } from "@/components/browse/items-by-id";
import type { CustomerItem } from "@/components/customer/customer-item";
import type { ContactItem } from "@/components/customer/site-item";
import { Dialog } from "@/components/dialog/dialog";
import { useChangeForm } from "@/components/form/use-change-form";
import { api } from "@/lib/client/api";
import { validate, type FieldErrors } from "@/lib/client/field-errors";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { useApi } from "@/lib/client/use-api";
import { useSession } from "@/lib/client/use-session";
import { CHANNEL_TRAITS, isChannel, type WritableChannel } from "@/lib/schemas/channels";
import { messageCreateSchema } from "@/lib/schemas/message";
import { formatPhone } from "@/lib/schemas/phone";
import { replyTitle } from "@/lib/schemas/reply-subject";
import { lastSource, type ConversationItem } from "./conversation-item";
import { CHANNEL_LOOKS } from "./channel-looks";
import { RepliesLostNotice } from "./replies-lost-notice";
import { DialogActions } from "@/components/dialog/dialog-actions";

type CustomerTarget = { id: string; name: string; email: string | null; phone: string | null };
type Target = { conversation: ConversationItem } | { customer: CustomerTarget };
type Sent = { id: string; conversation: string };

type Props = {
  kind: WritableChannel;
  target: Target;
  opened: boolean;
  onClose: () => void;
  onSent?: (result: Sent) => void;
};

/** What writes one message: in a dialog, `onClose` cancels and follows a send; without it the form stands under a thread. */
type WriterProps = Omit<Props, "opened" | "onClose"> & { onClose?: () => void };

/** Writes an email, an SMS or an internal note into a conversation, or to a customer (which starts one). */
export function MessageDialog({ kind, target, opened, onClose, onSent }: Props) {
  // Spec §9: mobile at 768 px or less; a phone writes on the whole screen.
  const t = useTranslations();
  const phone = useMediaQuery("(max-width: 48em)");
  return (
    <Dialog opened={opened} onClose={onClose} title={t(CHANNEL_LOOKS[kind].write)} size="lg" centered fullScreen={phone}>
      {opened && <MessageWriter kind={kind} target={target} onClose={onClose} onSent={onSent} />}
    </Dialog>
  );
}

/**
 * In a conversation, a reply goes where the conversation last learned an address
 * or number on that channel (the customer may write from another address than
 * the one on file); otherwise, and for a new conversation, to the customer's
 * email or phone.
 */
export function MessageWriter({ kind, target, ...rest }: WriterProps) {
  const t = useTranslations();
  const recipient = CHANNEL_LOOKS[kind].recipient;
  const customerId = "conversation" in target ? target.conversation.customer : null;
  // Notes go to nobody.
  const lookup = useItem<CustomerItem>("customer", recipient ? customerId : null);
  const customerOf = "customer" in target ? target.customer.id : customerId;
  const contacts = useApi<{ items: ContactItem[] }>(recipient && customerOf ? `/customer/${customerOf}/contact` : null, undefined, { shouldRetryOnError: false });
  const loading = (recipient && customerId && !lookup.data && !lookup.error) || (recipient && customerOf && !contacts.data && !contacts.error);
  if (loading) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t("conversation.writer.loading")} />
      </Center>
    );
  }
  const customer = "customer" in target ? target.customer : lookup.data;
  // The customer's other contacts may be written to as well: their addresses are offered beside the customer's own.
  const suggestions = (owner: CustomerTarget | undefined, others: ContactItem[] | undefined): Suggestion[] => {
    if (!recipient) return [];
    const shown = (stored: string | null) => (stored && recipient.input === "tel" ? formatPhone(stored, null) : stored);
    const own = owner ? [{ value: shown(recipient.onFile(owner)), name: owner.name }] : [];
    const theirs = (others ?? []).map((entry) => ({ value: shown(recipient.onFile(entry)), name: entry.role ? `${entry.name} (${entry.role})` : entry.name }));
    const given = [...own, ...theirs].filter((entry): entry is Suggestion => Boolean(entry.value));
    return given.filter((entry, index) => given.findIndex((other) => other.value === entry.value) === index);
  };
  const onFile = customer && recipient ? recipient.onFile(customer) : null;
  // A number needs its country code whatever the organization's country: it is shown internationally.
  const contact = onFile && recipient?.input === "tel" ? formatPhone(onFile, null) : onFile;
  const known = "conversation" in target && isChannel(kind) ? lastSource(target.conversation, kind) : null;
  const source = known || contact || "";
  const title = "conversation" in target ? replyTitle(target.conversation.title) : "";
  return <MessageForm kind={kind} target={target} initial={{ source, title, content: "" }} suggestions={suggestions(customer, contacts.data?.items)} {...rest} />;
}

type Values = { source: string; title: string; content: string };
type Suggestion = { value: string; name: string };

/** Errors of the request (`type.content`) on the inputs (`content`). */
const onInputs = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/^type\./, ""), message]));

function MessageForm({ kind, target, initial, suggestions, onClose, onSent }: WriterProps & { initial: Values; suggestions: Suggestion[] }) {
  const t = useTranslations();
  const form = useChangeForm<Values>(initial);
  const listId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const { values } = form;
  const replies = useSession().data?.organization.email_replies;
  const look = CHANNEL_LOOKS[kind];
  const repliesLost = kind === "email" && replies === "none";

  function body() {
    const type = {
      id: kind,
      ...(look.recipient ? { source: values.source } : {}),
      ...(look.subject ? { title: values.title } : {}),
      content: values.content,
    };
    const to = "conversation" in target ? { conversation: target.conversation.id } : { customer: target.customer.id };
    return { ...to, type };
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const request = body();
    const checked = validate(messageCreateSchema, request);
    if (checked.errors) return form.setErrors(onInputs(checked.errors));
    form.setErrors({});
    await form.submit(
      async () => {
        const sent = files.length > 0 ? await api.upload<Sent>("/message", { ...request, files }) : await api.post<Sent>("/message", request);
        toast("success", translate("conversation.writer.created"));
        void invalidate("/message", "/conversation", "/customer", "/history");
        onSent?.(sent);
        onClose?.();
      },
      (errors) => onInputs(errors),
    );
  }

  const field = (key: keyof Values) => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => form.set(key, event.currentTarget.value),
    error: form.errorOf(key),
  });

  return (
    <form onSubmit={send} noValidate>
      <Stack gap="md">
        {repliesLost && <RepliesLostNotice />}
        {look.recipient && (
          <>
            <TextInput
              label={t("conversation.writer.recipient")}
              type={look.recipient.input}
              required
              placeholder={look.recipient.placeholder && t(look.recipient.placeholder)}
              autoComplete="off"
              // With contacts besides the customer's own address, the browser offers each by name.
              list={suggestions.length > 1 ? listId : undefined}
              {...field("source")}
            />
            {suggestions.length > 1 && (
              <datalist id={listId}>
                {suggestions.map((entry) => (
                  <option key={entry.value} value={entry.value} label={entry.name} />
                ))}
              </datalist>
            )}
          </>
        )}
        {look.subject && <TextInput label={t("conversation.writer.subject")} required {...field("title")} />}
        <Textarea
          label={t("conversation.writer.content")}
          required
          autosize
          minRows={onClose ? look.rows : 3}
          maxRows={16}
          data-autofocus
          {...field("content")}
          // As mail programs do: Ctrl+Enter (⌘+Enter) sends.
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) event.currentTarget.form?.requestSubmit();
          }}
          description={look.counter ? <look.counter text={values.content} /> : undefined}
          inputWrapperOrder={["label", "input", "description", "error"]}
        />
        {CHANNEL_TRAITS[kind].files && (
          <FileInput
            label={t("conversation.writer.attachments")}
            placeholder={t("conversation.writer.chooseFiles")}
            multiple
            clearable
            leftSection={<IconPaperclip size={16} />}
            value={files}
            onChange={setFiles}
            error={form.errorOf("files")}
          />
        )}
        {onClose ? (
          <DialogActions>
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t(look.submit)}
            </Button>
          </DialogActions>
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy}>
              {t(look.submit)}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
