import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Invoice, PixSettings } from "../../../api/billing.ts";
import type { Company } from "../../../api/types.ts";
import { Button } from "../../../components/Button.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import * as controls from "../../../components/controls.css.ts";
import { PagedScroller } from "../../../components/PagedScroller.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { toast } from "../../../components/toast.ts";
import { formatBRL } from "../../../lib/format.ts";
import { useFormDialog } from "../../../lib/useFormDialog.ts";
import { usePagedList } from "../../../lib/usePagedList.ts";
import * as billingCss from "../../financeiro/billing.css.ts";
import { InvoicesTable } from "../../financeiro/InvoicesTable.tsx";
import { type PixField, validatePix } from "./pixForm.ts";

const EMPTY: PixSettings = { pixKey: "", merchantName: "", merchantCity: "" };

/** Super users: the platform's PIX receiving data, and each company's invoices to mark paid. */
export function BillingTab() {
  return (
    <>
      <PixSettingsForm />
      <CompanyInvoices />
    </>
  );
}

function PixSettingsForm() {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<PixSettings | null>(null);
  useEffect(() => {
    api.billing.pixSettings().then(setLoaded, toast.apiError);
  }, []);
  return loaded
    ? <PixFields initial={loaded} />
    : <p className={controls.description}>{t("app.loading")}</p>;
}

function PixFields({ initial }: { initial: PixSettings }) {
  const { t } = useTranslation();
  const { values, patch, busy, issues, submit } = useFormDialog<PixSettings, PixField>({
    initial: () => ({ ...EMPTY, ...initial }),
    validate: validatePix,
    save: async (input) => {
      patch(await api.billing.savePixSettings(input));
      toast.success(t("billing.pix.saved"));
    },
  });
  return (
    <form
      className={billingCss.card}
      aria-label={t("billing.pix.title")}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2>{t("billing.pix.title")}</h2>
      <p className={controls.description}>{t("billing.pix.description")}</p>
      <TextInput
        label={t("billing.pix.pixKey")}
        description={t("billing.pix.pixKeyHint")}
        value={values.pixKey}
        onChange={(pixKey) => patch({ pixKey })}
        error={issues.text("pixKey")}
        maxLength={77}
        isRequired
      />
      <TextInput
        label={t("billing.pix.merchantName")}
        value={values.merchantName}
        onChange={(merchantName) => patch({ merchantName })}
        error={issues.text("merchantName")}
        maxLength={25}
        isRequired
      />
      <TextInput
        label={t("billing.pix.merchantCity")}
        value={values.merchantCity}
        onChange={(merchantCity) => patch({ merchantCity })}
        error={issues.text("merchantCity")}
        maxLength={15}
        isRequired
      />
      <div>
        <Button type="submit" isPending={busy}>{t("common.save")}</Button>
      </div>
    </form>
  );
}

const invoiceId = (invoice: Invoice) => invoice.id;
const loadFor = async (companyId: string, page: number) => {
  if (!companyId) return { items: [], hasMore: false };
  const result = await api.invoices.page({
    searchParam: "",
    pageNumber: page,
    companyId: Number(companyId),
  });
  return { items: result.invoices, hasMore: result.hasMore };
};

function CompanyInvoices() {
  const { t } = useTranslation();
  const [companies, setCompanies] = useState<Company[]>([]);
  const [companyId, setCompanyId] = useState("");
  const list = usePagedList({ load: loadFor, search: companyId, getId: invoiceId });
  useEffect(() => {
    api.companies.list().then(setCompanies, toast.apiError);
  }, []);
  const name = companies.find((c) => String(c.id) === companyId)?.name ?? "";

  // Marking paid renews the company's licence and cannot be undone: it is asked first.
  const [marking, setMarking] = useState<Invoice | null>(null);
  const markPaid = async (invoice: Invoice) => {
    try {
      list.upsert(await api.invoices.markPaid(invoice.id));
      toast.success(t("billing.invoicesOf.marked"));
    } catch (error) {
      toast.apiError(error);
    }
  };

  return (
    <section className={billingCss.card}>
      <SelectField
        label={t("settings.tabs.companies")}
        options={companies.map((c) => ({ id: String(c.id), label: c.name }))}
        value={companyId || null}
        onChange={setCompanyId}
      />
      {companyId
        ? (
          <PagedScroller list={list}>
            <InvoicesTable
              label={t("billing.invoicesOf.title", { name })}
              records={list.items}
              loading={list.loading}
              actionLabel={(invoice) => ({
                text: t("billing.invoicesOf.markPaid"),
                label: t("billing.invoicesOf.markPaidOf", { id: invoice.id }),
              })}
              onAction={setMarking}
            />
          </PagedScroller>
        )
        : null}
      <ConfirmDialog
        isOpen={marking !== null}
        title={t("billing.invoicesOf.confirmTitle", { id: marking?.id ?? "" })}
        message={t("billing.invoicesOf.confirmMessage", {
          value: formatBRL(marking?.value ?? 0),
          name,
        })}
        confirmLabel={t("billing.invoicesOf.markPaid")}
        confirmVariant="primary"
        onClose={() => setMarking(null)}
        onConfirm={() => marking ? markPaid(marking) : undefined}
      />
    </section>
  );
}
