import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Prompt } from "../../api/prompts.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";

interface Props {
  prompts: Prompt[];
  loading: boolean;
  onEdit: (prompt: Prompt) => void;
  onDelete: (prompt: Prompt) => void;
}

/** The spec's columns (name, temperature, top_p, max_tokens) and the tokens each agent used. */
export function PromptsTable({ prompts, loading, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const number = (value: number, digits = 0) =>
    value.toLocaleString(i18n.language === "pt" ? "pt-BR" : i18n.language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  return (
    <Table aria-label={t("prompts.table")} className={page.table}>
      <TableHeader>
        <Column isRowHeader className={page.columnHeader}>{t("prompts.columns.name")}</Column>
        <Column className={page.columnHeader}>{t("prompts.columns.temperature")}</Column>
        <Column className={page.columnHeader}>{t("prompts.columns.topP")}</Column>
        <Column className={page.columnHeader}>{t("prompts.columns.maxTokens")}</Column>
        <Column className={page.columnHeader}>{t("prompts.columns.usage")}</Column>
        <Column className={page.columnHeader}>{t("prompts.columns.actions")}</Column>
      </TableHeader>
      <TableBody
        items={prompts}
        renderEmptyState={() => <TableEmpty loading={loading} />}
      >
        {(prompt) => (
          <Row id={prompt.id} className={page.row}>
            <TitleCell textValue={prompt.name}>{prompt.name}</TitleCell>
            <FieldCell label={t("prompts.columns.temperature")}>
              {number(prompt.temperature, 1)}
            </FieldCell>
            <FieldCell label={t("prompts.columns.topP")}>{number(prompt.topP, 2)}</FieldCell>
            <FieldCell label={t("prompts.columns.maxTokens")}>{number(prompt.maxTokens)}</FieldCell>
            <FieldCell label={t("prompts.columns.usage")}>
              {t("prompts.usage", {
                total: number(prompt.totalTokens),
                prompt: number(prompt.promptTokens),
                completion: number(prompt.completionTokens),
              })}
            </FieldCell>
            <ActionsCell>
              <EditDeleteButtons
                editLabel={t("prompts.edit", { name: prompt.name })}
                deleteLabel={t("prompts.delete", { name: prompt.name })}
                onEdit={() => onEdit(prompt)}
                onDelete={() => onDelete(prompt)}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
