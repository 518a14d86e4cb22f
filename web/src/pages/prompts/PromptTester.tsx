import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { PromptTestAnswer } from "../../api/prompts.ts";
import { Button } from "../../components/Button.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { errorMessage } from "../../components/toast.ts";
import { type PromptValues, testFailure, toTestInput } from "./promptForm.ts";
import * as css from "./prompts.css.ts";

type Outcome =
  | { kind: "answer"; answer: PromptTestAnswer }
  | { kind: "failure"; text: string; detail: string };

/**
 * The dialog's "test": one message to the agent's server with the form as it stands, and its
 * answer or the server's error, read out by screen readers as it arrives (a live region).
 */
export function PromptTester(
  { values, promptId }: { values: PromptValues; promptId: number | null },
) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(() => t("prompts.test.defaultMessage"));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({
        kind: "answer",
        answer: await api.prompts.test(toTestInput(values, promptId, message)),
      });
    } catch (error) {
      const failed = testFailure(error);
      setOutcome(
        failed
          ? {
            kind: "failure",
            text: t(failed.kindKey),
            detail: [
              failed.status ? t("prompts.test.status", { status: failed.status }) : "",
              failed.message,
            ]
              .filter(Boolean).join(": "),
          }
          : { kind: "failure", text: errorMessage(error), detail: "" },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={css.test} aria-label={t("prompts.test.section")}>
      <div className={css.testLine}>
        <TextInput
          label={t("prompts.test.message")}
          value={message}
          onChange={setMessage}
          maxLength={2000}
        />
        <Button variant="secondary" onPress={() => void run()} isDisabled={busy}>
          {t("prompts.test.run")}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {busy ? <p className={css.muted}>{t("prompts.test.running")}</p> : null}
        {outcome?.kind === "answer"
          ? (
            <>
              <p className={css.muted}>{t("prompts.test.answer")}</p>
              <p className={css.answer} data-testid="prompt-test-answer">{outcome.answer.answer}</p>
              <p className={css.muted}>
                {t("prompts.test.usage", { total: outcome.answer.usage.totalTokens })}
              </p>
            </>
          )
          : null}
        {outcome?.kind === "failure"
          ? (
            <>
              <p className={css.failure} data-testid="prompt-test-failure">{outcome.text}</p>
              {outcome.detail ? <p className={css.answer}>{outcome.detail}</p> : null}
            </>
          )
          : null}
      </div>
    </section>
  );
}
