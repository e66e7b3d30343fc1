"use client";
import { useTranslations } from "next-intl";
import { useDetail } from "@/components/detail/detail-context";
import type { FieldConfig, FieldRenderProps, Values } from "@/components/form/form-config";
import { useSession } from "@/lib/client/use-session";
import type { MemberItem } from "./member-item";
import { ProofInput } from "./proof-input";

type Kind = "current_password" | "code";

/** Shown while one's own email is being changed, since the server asks for proof then (lib/services/member-proof.ts). */
function EmailProof({ kind, value, onChange, error, form }: FieldRenderProps & { kind: Kind }) {
  const t = useTranslations();
  const { item } = useDetail<MemberItem>();
  const { data: session } = useSession();
  const changing = form !== undefined && form.values.email !== form.saved.email;
  const wanted = item.has_password ? "current_password" : "code";
  if (!changing || kind !== wanted || session?.member.id !== item.id) return null;
  return (
    <ProofInput
      member={item}
      value={typeof value === "string" ? value : ""}
      onChange={onChange}
      error={error}
      description={t("member.proof.emailNeeded")}
    />
  );
}

type ProofFields = FieldConfig<Record<Kind, string>>;

const proofField = (kind: Kind): ProofFields => ({
  key: kind,
  label: kind === "code" ? "member.proof.code" : "member.proof.currentPassword",
  kind: "custom",
  render: (props) => <EmailProof kind={kind} {...props} />,
});

/** The current password, or for a member without one a code; only one of them shows. */
export const emailProofFields: ProofFields[] = [proofField("current_password"), proofField("code")];

/** Both start empty, so only a typed proof counts as a change. */
export const emptyProof = { current_password: "", code: "" };

/** Proof goes with the email change it confirms, and never alone. */
export function withEmailProof(body: Values, values: Values): Values {
  const { current_password: _password, code: _code, ...rest } = body;
  if (!("email" in rest)) return rest;
  const proof: Values = {};
  if (values.current_password) proof.current_password = values.current_password;
  if (values.code) proof.code = values.code;
  return { ...rest, ...proof };
}
