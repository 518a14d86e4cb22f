import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Invoice } from "../../api/billing.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as css from "../../components/page.css.ts";
import { CheckoutDialog } from "./CheckoutDialog.tsx";
import { InvoicesTable } from "./InvoicesTable.tsx";
import { renewFromServer, usePaymentRenewal } from "./usePaymentRenewal.ts";

const recordId = (invoice: Invoice) => invoice.id;
export const loadInvoices = async (search: string, page: number) => {
  const result = await api.invoices.page({ searchParam: search, pageNumber: page });
  return { items: result.invoices, hasMore: result.hasMore };
};

/** /financeiro (seed 001): the company's invoices with infinite scroll; unpaid ones open the checkout. */
export default function FinanceiroPage() {
  useSignals();
  const { t } = useTranslation();
  const { list } = useSearchedList(loadInvoices, recordId);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const renew = usePaymentRenewal(list.reload);
  return (
    <div className={css.page}>
      <PageHeader title={t("billing.title")} />
      <PagedScroller list={list}>
        <InvoicesTable
          label={t("billing.table")}
          records={list.items}
          loading={list.loading}
          actionLabel={(invoice) => ({
            text: t("billing.pay"),
            label: t("billing.payInvoice", { id: invoice.id }),
          })}
          onAction={setPaying}
        />
      </PagedScroller>
      {paying
        ? (
          <CheckoutDialog
            invoice={paying}
            onPaid={renewFromServer(renew)}
            onClose={() => {
              setPaying(null);
              list.reload();
            }}
          />
        )
        : null}
    </div>
  );
}
