import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { nodeById } from "../../../../../contracts/flowGraph.ts";
import { toWire } from "../../../../../contracts/flowWire.ts";
import { companyEvent, FLOW_RUN_EVENT } from "../../../../../contracts/realtime.ts";
import { api } from "../../../api/index.ts";
import type { Whatsapp } from "../../../api/whatsapps.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { Button } from "../../../components/Button.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { errorMessage, toast } from "../../../components/toast.ts";
import { useDebouncedValue } from "../../../lib/useDebouncedValue.ts";
import { isValidCustomerNumber, phoneNumberDigits } from "../../connections/phone/conversation.ts";
import { PhoneChat } from "../../connections/phone/PhoneChat.tsx";
import { usePhoneConversation } from "../../connections/phone/usePhoneConversation.ts";
import { blockLabel } from "./blockText.ts";
import * as css from "./editor.css.ts";
import { refusedProblems } from "./persistence.ts";
import { actions, graph } from "./store.ts";
import { asked, heard, started, testRun } from "./testRun.ts";
import { EDITOR_TOAST_MS } from "./timing.ts";

interface Props {
  flowId: number;
  companyId: number;
  /** Whether the flow has a published version (else only the draft can be played). */
  published: boolean;
  onClose: () => void;
}

/**
 * Testar: the flow played against a sandbox phone (the draft in the editor or the published
 * version), the customer's side typed here, the block the run is on highlighted on the
 * canvas and said for screen readers.
 */
export function TestPanel({ flowId, companyId, published, onClose }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [phones, setPhones] = useState<Whatsapp[] | null>(null);
  const [whatsappId, setWhatsappId] = useState<string | null>(null);
  const [numberText, setNumberText] = useState("5511987650000");
  const [name, setName] = useState(t("phone.defaultName"));
  const [version, setVersion] = useState<"draft" | "published">("draft");
  const [starting, setStarting] = useState(false);
  const [ticketUuid, setTicketUuid] = useState<string | null>(null);
  const typedNumber = phoneNumberDigits(numberText);
  const number = useDebouncedValue(typedNumber, 300);
  const phone = phones?.find((w) => String(w.id) === whatsappId) ?? null;
  const conversation = usePhoneConversation(companyId, phone?.id ?? 0, phone ? number : "", name);
  const followed = testRun.value;

  useEffect(() => {
    let live = true;
    api.whatsapps.list().then((all) => {
      if (!live) return;
      const sandboxes = all.filter((w) => w.provider === "sandbox");
      setPhones(sandboxes);
      if (sandboxes.length) setWhatsappId(String(sandboxes[0].id));
    }, (error) => live && toast.timed("error", errorMessage(error), EDITOR_TOAST_MS));
    return () => {
      live = false;
      testRun.value = null;
    };
  }, []);

  useRealtimeEvent(companyEvent(companyId, FLOW_RUN_EVENT), (data) => {
    if (testRun.value) testRun.value = heard(testRun.value, data);
  });

  const numberError = typedNumber && !isValidCustomerNumber(typedNumber)
    ? t("flowEditor.testar.invalidNumber")
    : null;

  const play = async () => {
    if (!phone || !isValidCustomerNumber(typedNumber) || starting) return;
    setStarting(true);
    testRun.value = asked(flowId);
    try {
      const run = await api.flows.test(flowId, {
        whatsappId: phone.id,
        number: typedNumber,
        name: name.trim() || undefined,
        draft: version === "draft" ? toWire(graph.value) : undefined,
      });
      actions.mark([]);
      setTicketUuid(run.ticketUuid);
      if (testRun.value) testRun.value = started(testRun.value, run.runId);
    } catch (error) {
      testRun.value = null;
      const problems = refusedProblems(error);
      if (problems) {
        actions.mark(problems);
        toast.timed("error", t("flowEditor.invalid", { count: problems.length }), EDITOR_TOAST_MS);
      } else toast.timed("error", errorMessage(error), EDITOR_TOAST_MS);
    } finally {
      setStarting(false);
    }
  };

  const at = followed?.at ?? null;
  const node = at ? nodeById(graph.value, at.node) : undefined;
  const block = node ? blockLabel(t, node) : at?.node ?? "";
  const status = !followed
    ? ""
    : !at
    ? t("flowEditor.testar.waiting")
    : at.status === "running"
    ? t("flowEditor.testar.at", { block })
    : t(`flowEditor.testar.ended.${at.status}`, { block });

  return (
    <aside className={css.testPanel} aria-labelledby="testar-title" data-testid="testar-panel">
      <div className={css.testHeader}>
        <h2 id="testar-title" className={css.testTitle}>{t("flowEditor.testar.title")}</h2>
        <IconButton icon="close" label={t("flowEditor.testar.close")} onPress={onClose} />
      </div>
      {phones !== null && phones.length === 0
        ? <p className={css.testNote}>{t("flowEditor.testar.noSandbox")}</p>
        : null}
      {phones?.length
        ? (
          <div className={css.testForm}>
            <SelectField
              label={t("flowEditor.testar.connection")}
              options={phones.map((w) => ({ id: String(w.id), label: w.name }))}
              value={whatsappId}
              onChange={setWhatsappId}
            />
            <TextInput
              label={t("flowEditor.testar.number")}
              value={numberText}
              onChange={setNumberText}
              type="tel"
              error={numberError}
            />
            <TextInput label={t("flowEditor.testar.name")} value={name} onChange={setName} />
            <SelectField
              label={t("flowEditor.testar.version")}
              options={[
                { id: "draft", label: t("flowEditor.testar.draft") },
                ...(published
                  ? [{ id: "published", label: t("flowEditor.testar.published") }]
                  : []),
              ]}
              value={version}
              onChange={(v) => setVersion(v === "published" ? "published" : "draft")}
            />
            <Button
              onPress={() => void play()}
              isPending={starting}
              isDisabled={!phone || !!numberError || !typedNumber}
            >
              {followed ? t("flowEditor.testar.restart") : t("flowEditor.testar.play")}
            </Button>
          </div>
        )
        : null}
      <p className={css.testStatus} role="status" aria-live="polite" data-testid="testar-status">
        {status}
      </p>
      {ticketUuid && followed
        ? (
          <Link className={css.testNote} href={`/tickets/${ticketUuid}`}>
            {t("flowEditor.testar.ticket")}
          </Link>
        )
        : null}
      {phone && followed
        ? (
          <div className={css.testPhone}>
            <p className={css.testNote}>{t("flowEditor.testar.hint")}</p>
            <PhoneChat
              key={`${phone.id}:${number}`}
              conversation={conversation}
              companyName={phone.name}
              disabled={number !== typedNumber}
            />
          </div>
        )
        : null}
    </aside>
  );
}
