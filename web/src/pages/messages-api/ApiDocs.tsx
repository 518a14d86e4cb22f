import { useTranslation } from "react-i18next";
import * as page from "../../components/page.css.ts";
import {
  ANSWER_SAMPLE,
  curlJson,
  curlMultipart,
  SEND_API_ERRORS,
  SEND_RATE_LIMIT_PER_MINUTE,
  sendUrl,
} from "./apiExamples.ts";
import { CodeBlock } from "./CodeBlock.tsx";
import * as css from "./messagesApi.css.ts";

/** How to call POST /api/messages/send from another system, with this server's address. */
export function ApiDocs({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const token = t("messagesApi.docs.tokenPlaceholder");
  const number = "5511999999999";
  return (
    <section className={`${page.paper} ${css.section}`} aria-labelledby="api-docs-title">
      <h2 id="api-docs-title" className={css.heading}>{t("messagesApi.docs.title")}</h2>
      <p className={css.text}>{t("messagesApi.docs.intro")}</p>

      <h3 className={css.subheading}>{t("messagesApi.docs.endpoint")}</h3>
      <div className={css.endpoint}>
        <span className={css.method}>POST</span>
        <span>{sendUrl(origin)}</span>
      </div>

      <h3 className={css.subheading}>{t("messagesApi.docs.headers")}</h3>
      <table className={css.table}>
        <thead>
          <tr>
            <th className={css.th}>{t("messagesApi.docs.header")}</th>
            <th className={css.th}>{t("messagesApi.docs.value")}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className={css.td}>
              <code className={css.inlineCode}>Authorization</code>
            </td>
            <td className={css.td}>
              <code className={css.inlineCode}>Bearer {token}</code> —{" "}
              {t("messagesApi.docs.tokenWhere")}
            </td>
          </tr>
          <tr>
            <td className={css.td}>
              <code className={css.inlineCode}>Content-Type</code>
            </td>
            <td className={css.td}>
              <code className={css.inlineCode}>application/json</code> {t("messagesApi.docs.or")}
              {" "}
              <code className={css.inlineCode}>multipart/form-data</code>
            </td>
          </tr>
        </tbody>
      </table>

      <h3 className={css.subheading}>{t("messagesApi.docs.textTitle")}</h3>
      <p className={css.text}>{t("messagesApi.docs.textIntro")}</p>
      <ul className={css.text}>
        <li>
          <code className={css.inlineCode}>number</code> — {t("messagesApi.docs.fieldNumber")}
        </li>
        <li>
          <code className={css.inlineCode}>body</code> — {t("messagesApi.docs.fieldBody")}
        </li>
        <li>
          <code className={css.inlineCode}>closeTicket</code> —{" "}
          {t("messagesApi.docs.fieldCloseTicket")}
        </li>
      </ul>
      <CodeBlock
        label={t("messagesApi.docs.textTitle")}
        code={curlJson(origin, token, number, t("messagesApi.docs.sampleBody"))}
      />

      <h3 className={css.subheading}>{t("messagesApi.docs.mediaTitle")}</h3>
      <p className={css.text}>{t("messagesApi.docs.mediaIntro")}</p>
      <ul className={css.text}>
        <li>
          <code className={css.inlineCode}>number</code> — {t("messagesApi.docs.fieldNumber")}
        </li>
        <li>
          <code className={css.inlineCode}>body</code> — {t("messagesApi.docs.fieldCaption")}
        </li>
        <li>
          <code className={css.inlineCode}>medias</code> — {t("messagesApi.docs.fieldMedias")}
        </li>
      </ul>
      <CodeBlock
        label={t("messagesApi.docs.mediaTitle")}
        code={curlMultipart(
          origin,
          token,
          number,
          t("messagesApi.docs.sampleCaption"),
          t("messagesApi.docs.samplePath"),
        )}
      />
      <p className={css.muted}>
        {t("messagesApi.docs.limits", { limit: SEND_RATE_LIMIT_PER_MINUTE })}
      </p>

      <h3 className={css.subheading}>{t("messagesApi.docs.answerTitle")}</h3>
      <p className={css.text}>{t("messagesApi.docs.answerIntro")}</p>
      <CodeBlock label={t("messagesApi.docs.answerTitle")} code={ANSWER_SAMPLE} />

      <h3 className={css.subheading}>{t("messagesApi.docs.errorsTitle")}</h3>
      <p className={css.text}>{t("messagesApi.docs.errorsIntro")}</p>
      <table className={css.table}>
        <thead>
          <tr>
            <th className={css.th}>{t("messagesApi.docs.status")}</th>
            <th className={css.th}>{t("messagesApi.docs.code")}</th>
            <th className={css.th}>{t("messagesApi.docs.meaning")}</th>
          </tr>
        </thead>
        <tbody>
          {SEND_API_ERRORS.map(({ status, code }) => (
            <tr key={code}>
              <td className={css.td}>{status}</td>
              <td className={css.td}>
                <code className={css.inlineCode}>{code}</code>
              </td>
              <td className={css.td}>
                {code === "ERR_RATE_LIMITED"
                  ? t("messagesApi.docs.rateLimited", { limit: SEND_RATE_LIMIT_PER_MINUTE })
                  : t(`errors.${code}`, { seconds: "N" })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
