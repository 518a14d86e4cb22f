import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../api/index.ts";
import type { SendApiAnswer, Whatsapp } from "../../api/whatsapps.ts";
import { Button } from "../../components/Button.tsx";
import { Icon } from "../../components/Icon.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import * as page from "../../components/page.css.ts";
import { SelectField } from "../../components/SelectField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { errorMessage, toast } from "../../components/toast.ts";
import { useIssues } from "../../lib/useIssues.ts";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { type ApiTestField, type ApiTestValues, validateApiTest } from "./apiExamples.ts";
import * as css from "./messagesApi.css.ts";

type Outcome =
  | { ok: true; answer: SendApiAnswer }
  | { ok: false; status: number; code: string; message: string };

/** Try the send API for real: a connection's token, a number, a text and/or a file. */
export function ApiTestForm() {
  const { t } = useTranslation();
  const [connections, setConnections] = useState<Whatsapp[]>([]);
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const [values, setValues] = useState<ApiTestValues>({
    token: "",
    number: "",
    body: "",
    file: null,
  });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const issues = useIssues<ApiTestField>(() => validateApiTest(values));
  const patch = (next: Partial<ApiTestValues>) => setValues((old) => ({ ...old, ...next }));

  useEffect(() => {
    let live = true;
    api.whatsapps.list()
      .then((list) => live && setConnections(list.filter((whatsapp) => whatsapp.token)))
      .catch((error) => live && toast.apiError(error));
    return () => {
      live = false;
    };
  }, []);

  const chooseConnection = (id: string) => {
    setConnectionId(id);
    const chosen = connections.find((whatsapp) => String(whatsapp.id) === id);
    if (chosen) patch({ token: chosen.token });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !issues.check()) return;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await api.sendApi.send(values.token.trim(), {
        number: values.number.replace(/\D/g, ""),
        body: values.body,
        medias: values.file ? [values.file] : undefined,
      });
      setOutcome({ ok: true, answer });
    } catch (error) {
      setOutcome({
        ok: false,
        status: isApiError(error) ? error.status : 0,
        code: isApiError(error) ? error.code : "ERR_NETWORK",
        message: errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${page.paper} ${css.section}`} aria-labelledby="api-test-title">
      <h2 id="api-test-title" className={css.heading}>{t("messagesApi.test.title")}</h2>
      <p className={css.muted}>{t("messagesApi.test.intro")}</p>
      <Form className={css.form} onSubmit={submit} validationBehavior="aria">
        <SelectField
          label={t("messagesApi.test.connection")}
          placeholder={t("messagesApi.test.connectionPlaceholder")}
          options={connections.map((whatsapp) => ({
            id: String(whatsapp.id),
            label: `${whatsapp.name} (${
              t(`connections.status.${whatsapp.status}`, { defaultValue: whatsapp.status })
            })`,
          }))}
          value={connectionId}
          onChange={chooseConnection}
        />
        <TextInput
          label={t("messagesApi.test.token")}
          value={values.token}
          onChange={(token) => {
            patch({ token });
            // a token typed by hand is no longer the chosen connection's
            const chosen = connections.find((whatsapp) => String(whatsapp.id) === connectionId);
            if (chosen && chosen.token !== token) setConnectionId(null);
          }}
          error={issues.text("token")}
          autoComplete="off"
        />
        <TextInput
          label={t("messagesApi.test.number")}
          value={values.number}
          onChange={(number) => patch({ number })}
          error={issues.text("number")}
          description={t("messagesApi.test.numberHint")}
          inputMode="tel"
          placeholder="5511999999999"
        />
        <TextAreaField
          label={t("messagesApi.test.body")}
          value={values.body}
          onChange={(body) => patch({ body })}
          error={issues.text("body")}
          description={t("messagesApi.test.bodyHint")}
        />
        <div className={css.fileRow}>
          <Button variant="secondary" onPress={() => fileInput.current?.click()}>
            <Icon name="attach" size={18} />
            {t("messagesApi.test.chooseFile")}
          </Button>
          <input
            ref={fileInput}
            type="file"
            className={css.hiddenInput}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null;
              event.currentTarget.value = "";
              patch({ file });
            }}
          />
          {values.file
            ? (
              <>
                <span className={css.fileName}>{values.file.name}</span>
                <IconButton
                  icon="close"
                  size={16}
                  label={t("messagesApi.test.removeFile", { name: values.file.name })}
                  onPress={() => patch({ file: null })}
                />
              </>
            )
            : <span className={css.muted}>{t("messagesApi.test.noFile")}</span>}
        </div>
        <div>
          <Button type="submit" isPending={busy}>
            <Icon name="send" size={18} />
            {t("messagesApi.test.send")}
          </Button>
        </div>
      </Form>
      <div role="status" aria-live="polite">
        {outcome
          ? outcome.ok
            ? (
              <div className={css.resultOk}>
                <p className={css.resultTitle}>{t("messagesApi.test.success")}</p>
                <pre className={css.code}>{JSON.stringify(outcome.answer, null, 2)}</pre>
              </div>
            )
            : (
              <div className={css.resultError}>
                <p className={css.resultTitle}>
                  {t("messagesApi.test.failure", {
                    status: outcome.status || "—",
                    code: outcome.code,
                  })}
                </p>
                <p className={css.text}>{outcome.message}</p>
              </div>
            )
          : null}
      </div>
    </section>
  );
}
