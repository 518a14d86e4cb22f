// Journey: a customer on the simulated phone walks a connection's queue menu: the menu of
// queues, a queue's two-level option tree down to a leaf, and the ticket waits in that
// queue; a second customer choosing a queue that is closed gets its out-of-hours message
// and waits in it.
import assert from "node:assert/strict";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, startServer } from "./server.ts";

const closedWeek = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((weekdayEn) => ({
  weekday: weekdayEn,
  weekdayEn,
  startTime: "",
  endTime: "",
}));

Deno.test("menu: a customer walks the queue menu to a leaf and waits in that queue; a closed queue answers out of hours", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    const { token } = await call(base, "/auth/login", "", ADMIN);
    const fin = await call(base, "/queue", token, {
      name: "Financeiro", color: "#2196F3", orderQueue: 1, greetingMessage: "Financeiro: escolha uma opção",
    });
    await call(base, "/queue", token, {
      name: "Suporte", color: "#009688", orderQueue: 2, schedules: closedWeek,
      outOfHoursMessage: "O suporte está fechado agora; voltamos amanhã.",
    });
    const boletos = await call(base, "/queue-options", token, { queueId: fin.id, title: "Boletos", message: "Sobre boletos:" });
    await call(base, "/queue-options", token, {
      queueId: fin.id, parentId: boletos.id, title: "Segunda via", message: "A segunda via está no portal do cliente.",
    });
    const queues = (await call(base, "/queue", token)) as { id: number }[];
    await call(base, "/whatsapp", token, {
      name: "Loja", provider: "sandbox", greetingMessage: "Olá! Com quem quer falar?", queueIds: queues.map((q) => q.id),
    });

    // The phone is played by a second admin: one sign-in per user, and the setup's token stays valid.
    await call(base, "/users", token, { name: "Ana Admin", email: "ana@example.com", password: "ana123456", profile: "admin" });
    const admin = await newPage(browser);
    await signIn(admin, base, "ana@example.com", "ana123456");
    await admin.getByRole("link", { name: "Conexões" }).click();
    await admin.waitForURL("**/connections");
    const row = admin.getByRole("row").filter({ hasText: "Loja" });
    await row.getByText("Conectado").first().waitFor();
    await row.getByRole("button", { name: /Abrir o telefone simulado/ }).click();
    const phone = admin.getByRole("log", { name: "Conversa" });
    const say = async (body: string) => {
      const composer = admin.getByRole("textbox", { name: "Mensagem" });
      await composer.fill(body);
      await composer.press("Enter");
    };

    await admin.getByLabel("Número do cliente").fill("5511987650010");
    await admin.getByLabel("Nome do cliente").fill("Carla Cliente");
    await say("oi");
    await phone.getByText(/Olá! Com quem quer falar\?/).waitFor();
    await say("1");
    await phone.getByText(/Financeiro: escolha uma opção/).waitFor();
    await say("1");
    await phone.getByText(/Sobre boletos:/).waitFor();
    await say("1");
    await phone.getByText("A segunda via está no portal do cliente.").waitFor();

    const [ticket] = (await call(base, "/tickets?status=pending&showAll=true", token)).tickets;
    assert.equal(ticket.queue.name, "Financeiro", "the ticket waits in the queue the customer walked to");

    // From now on each queue's hours count: Suporte's week is closed every day.
    await call(base, "/settings/scheduleType", token, { value: "queue" }, "PUT");
    await admin.getByLabel("Número do cliente").fill("5511987650011");
    await admin.getByLabel("Nome do cliente").fill("Davi Cliente");
    await say("oi");
    await phone.getByText(/Olá! Com quem quer falar\?/).waitFor();
    await say("2");
    await phone.getByText("O suporte está fechado agora; voltamos amanhã.").waitFor();
    const waiting = (await call(base, "/tickets?status=pending&showAll=true", token)).tickets;
    const davi = waiting.find((t: { contact: { number: string } }) => t.contact.number === "5511987650011");
    assert.equal(davi?.queue?.name, "Suporte", "the closed queue keeps the customer for the morning");
  } finally {
    await browser.close();
    await server.stop();
  }
});
