import { Hono } from "hono";
import type { AppEnv, Deps } from "../../http/context.ts";
import { assertAdmin, requireAuth, requireSuper } from "../../auth/guard.ts";
import { recordId, idParam, valid, validationError } from "../../http/validate.ts";
import { pageQuery, pagingHeaders } from "../../http/paging.ts";
import { AppError } from "../../http/errors.ts";
import { log } from "../../log.ts";
import { tooMany } from "../../http/rate-limit.ts";
import { assertCompanyAccess } from "../companies/service.ts";
import { platformSecretMatches } from "../settings/platform.ts";
import { currentInvoice, getInvoice, listInvoices } from "./invoices.ts";
import { confirmPayment, pixProvider } from "./payments.ts";
import { getPixSettings, pixSettingsInput, savePixSettings } from "./pix.ts";
import { ASAAS_TOKEN_HEADER, asaasConfirmation, asaasEvent } from "./asaas.ts";
import { checkout, subscriptionInput, subscriptionStatus } from "./subscription.ts";

const listQuery = pageQuery.extend({ companyId: recordId.optional() });

/** /invoices: the caller's company's invoices (a super user may name another company). */
export function invoicesRoutes(deps: Deps) {
  const db = deps.control.db;
  const pay = { control: db, hub: deps.hub, timers: deps.timers, clock: deps.clock, bus: deps.bus };
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps));
  app.get("/all", valid("query", listQuery), async (c) => {
    const q = c.req.valid("query");
    const actor = c.get("actor");
    const companyId = q.companyId ?? actor.companyId;
    assertCompanyAccess(actor, companyId, { adminOnly: true });
    const page = await listInvoices(db, companyId, q.searchParam, q.pageNumber, deps.clock());
    // The spec's client reads a bare array; the paging rides in headers.
    pagingHeaders(c, page);
    return c.json(page.rows);
  });
  // "Sign now": the current period's invoice, without waiting for the job's next run.
  app.post("/current", async (c) => {
    const actor = c.get("actor");
    assertCompanyAccess(actor, actor.companyId, { adminOnly: true });
    const invoice = await currentInvoice(db, actor.companyId, deps.clock());
    if (!invoice) {
      throw new AppError("ERR_NO_INVOICE_FOUND", 404, "nothing to pay: the plan is free");
    }
    return c.json(invoice);
  });
  app.get("/:id", valid("param", idParam), async (c) => {
    const invoice = await getInvoice(db, c.req.valid("param").id, deps.clock());
    assertCompanyAccess(c.get("actor"), invoice.companyId, { adminOnly: true });
    return c.json(invoice);
  });
  // A PIX to the platform's key reaches no system of ours: a super user confirms it.
  app.post("/:id/paid", requireSuper, valid("param", idParam), async (c) => {
    const id = c.req.valid("param").id;
    const result = await confirmPayment(pay, {
      provider: "pix",
      eventId: `manual-${id}`,
      invoiceId: id,
      value: null,
    }, deps.clock());
    if (!result.applied) throw new AppError("ERR_INVOICE_ALREADY_PAID", 409);
    return c.json(result.invoice);
  });
  return app;
}

/** /subscription: pay an invoice (a PIX code), and the payment gateway's webhook. */
export function subscriptionRoutes(deps: Deps) {
  const db = deps.control.db;
  const pix = pixProvider(db);
  const pay = { control: db, hub: deps.hub, timers: deps.timers, clock: deps.clock, bus: deps.bus };
  const app = new Hono<AppEnv>();

  app.post("/webhook", async (c) => {
    // Wrong tokens are counted per address, as the send API's are: guessing is throttled.
    const address = `webhook:${c.get("clientIp")}`;
    const wait = await deps.apiTokenFailures.retryAfter(address);
    if (wait) throw tooMany(wait);
    if (!await platformSecretMatches(db, "asaas", c.req.header(ASAAS_TOKEN_HEADER))) {
      await deps.apiTokenFailures.fail(address);
      throw new AppError("ERR_INVALID_WEBHOOK_TOKEN", 401);
    }
    const parsed = asaasEvent.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw validationError(parsed.error);
    const confirmation = asaasConfirmation(parsed.data);
    // Events that pay nothing are acknowledged, so the gateway does not deliver them again.
    if (!confirmation) return c.json({ received: true, applied: false, reason: "ignored" });
    const result = await confirmPayment(pay, confirmation, deps.clock());
    if (!result.applied) {
      // A value below the invoice's is someone's mistake or a forged event: a warning.
      log[result.reason === "underpaid" ? "warn" : "info"]("payment event not applied", {
        eventId: confirmation.eventId,
        invoiceId: confirmation.invoiceId,
        value: confirmation.value,
        reason: result.reason,
      });
    }
    return c.json({
      received: true,
      ...result.applied ? { applied: true } : { applied: false, reason: result.reason },
    });
  });

  app.use("*", requireAuth(deps));
  // What the Assinatura page shows: a trial, or the subscription paid and its next due date.
  app.get("/", async (c) => {
    const actor = c.get("actor");
    assertCompanyAccess(actor, actor.companyId, { adminOnly: true });
    return c.json(await subscriptionStatus(db, actor.companyId, deps.clock()));
  });
  app.post("/", valid("json", subscriptionInput), async (c) => {
    const input = c.req.valid("json");
    const actor = c.get("actor");
    assertAdmin(actor);
    const invoice = await getInvoice(db, input.invoiceId, deps.clock());
    assertCompanyAccess(actor, invoice.companyId, { adminOnly: true });
    if (invoice.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID", 409);
    return c.json(await checkout(db, pix, invoice, input), 201);
  });
  return app;
}

/** /billing/pix: the platform's PIX receiving data, for super users. */
export function billingSettingsRoutes(deps: Deps) {
  const db = deps.control.db;
  const app = new Hono<AppEnv>();
  app.use("*", requireAuth(deps), requireSuper);
  app.get("/pix", async (c) => c.json(await getPixSettings(db)));
  app.put(
    "/pix",
    valid("json", pixSettingsInput),
    async (c) => c.json(await savePixSettings(db, c.req.valid("json"))),
  );
  return app;
}
