// Journey: the admin's dashboard charts read the per-user and per-period figures in the
// spec's names (ticketsUsers: nome/quantidade; ticketsDay: horario|data/total): a customer
// served today shows under the attendant's name and in today's hour.
import { assertAccessible } from "./a11y.ts";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, startServer } from "./server.ts";

Deno.test("dashboard: today's served customer is counted under the attendant and in the hour's chart", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const { token, user } = await call(base, "/auth/login", "", ADMIN);
    const w = await call(base, "/whatsapp", token, { name: "Loja", provider: "sandbox" });
    const [first] = await call(base, `/sandbox/${w.id}/inbound`, token, {
      number: "5511987650001",
      name: "Bruna Cliente",
      body: "Oi",
    });
    await call(base, `/tickets/${first.ticketId}`, token, { status: "open" }, "PUT");

    const page = await newPage(browser);
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/`);
    const perUser = page.getByRole("table", {
      name: "Dados do gráfico: Total de atendimentos por usuário",
    });
    const row = perUser.getByRole("row").filter({
      has: page.getByRole("rowheader", { name: user.name, exact: true }),
    });
    await row.getByRole("cell", { name: "1", exact: true }).waitFor();
    const perHour = page.getByRole("region", { name: "Total de atendimentos por hora" });
    await perHour.getByText("Total: 1").waitFor();
    await assertAccessible(page, "dashboard with figures");
  } finally {
    await browser.close();
    await server.stop();
  }
});
