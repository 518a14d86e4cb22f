// Page switches in the browser: an admin clicks menu links and each switch is timed from
// the click until the first frame showing the new page's heading and its data (a row the
// bench created), measured inside the page.
// The server runs as its own process with the built web app (deno task build first);
// the system Chromium drives it. Prints the median and p90 over the warm switches (each
// page's code already loaded once) and the cold ones (first visit of a page).
//   deno task bench:pages            (3 rounds over 6 pages: 18 switches)
//   deno run -A bench/page_switch.ts 5
import { launchBrowser } from "../e2e/browser.ts";
import { startServerProcess, stopServerProcess } from "./server_process.ts";

const ROUNDS = Number(Deno.args[0] ?? 3);
const PORT = 19_000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "bench@example.com", password: "benchpass1" };
const dataDir = await Deno.makeTempDir({ prefix: "bench-pages-" });

async function call(path: string, token: string, body?: unknown) {
  const response = await fetch(`${BASE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return await response.json();
}

/** Each menu link (its Portuguese name) and a text its page shows once its data is in. */
const PAGES = [
  { link: "Contatos", path: "/contacts", data: "Bench Contato" },
  { link: "Tags", path: "/tags", data: "Bench Tag" },
  { link: "Respostas rápidas", path: "/quick-messages", data: "/benchatalho" },
  { link: "Usuários", path: "/users", data: "Bench Usuário" },
  { link: "Filas & Chatbot", path: "/queues", data: "Bench Fila" },
  { link: "Conexões", path: "/connections", data: "Bench Loja" },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

const server = await startServerProcess({
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
}, PORT);
const browser = await launchBrowser();
try {
  const { token } = await (await fetch(`${BASE}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  })).json();
  await call("/contacts", token, { name: "Bench Contato", number: "5511912340000" });
  await call("/tags", token, { name: "Bench Tag", color: "#2979FF" });
  await call("/quick-messages", token, {
    shortcode: "benchatalho",
    message: "Olá, em que posso ajudar?",
  });
  await call("/users", token, {
    name: "Bench Usuário",
    email: "agent@example.com",
    password: "agent12345",
    profile: "user",
  });
  await call("/queue", token, { name: "Bench Fila", color: "#009688" });
  await call("/whatsapp", token, { name: "Bench Loja", provider: "sandbox" });

  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "pt-BR",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${BASE}/login`);
  await page.getByLabel("E-mail", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL("**/tickets");
  const menu = page.getByRole("navigation");
  const main = page.getByRole("main");

  const cold: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const target of PAGES) {
      // Timed inside the page: from the click event to the first frame that shows the new
      // page's heading and its data (no test-driver round trips in the figure).
      await page.evaluate((text) => {
        const w = globalThis as unknown as { pageSwitch?: Promise<number> };
        w.pageSwitch = new Promise((resolve) => {
          document.addEventListener("click", () => {
            const started = performance.now();
            const check = () => {
              const main = document.querySelector("main");
              const shown = main?.querySelector("h1") && main.textContent?.includes(text);
              if (shown) resolve(performance.now() - started);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }, { capture: true, once: true });
        });
      }, target.data);
      await menu.getByRole("link", { name: target.link, exact: true }).click();
      const took = await page.evaluate(() =>
        (globalThis as unknown as { pageSwitch: Promise<number> }).pageSwitch
      );
      await main.getByText(target.data).first().waitFor();
      (round === 0 ? cold : warm).push(took);
      if (!page.url().endsWith(target.path)) {
        throw new Error(`expected ${target.path}, at ${page.url()}`);
      }
    }
  }
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`page switch, click -> heading and data visible (${PAGES.length} pages, 1280x800)`);
  console.log(
    `  cold (first visit, ${cold.length}): median ${ms(median(cold))}, p90 ${ms(p90(cold))}`,
  );
  console.log(`  warm (${warm.length} switches): median ${ms(median(warm))}, p90 ${ms(p90(warm))}`);
} finally {
  await browser.close();
  await stopServerProcess(server);
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
}
