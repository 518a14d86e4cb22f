// The desk under a large company: 50,000 contacts, 100,000 tickets (20,000 open, 10,000
// pending, the rest closed; 2 connections, 3 queues, a quarter without queue), their
// service cycles, and 2,000,000 messages with one ticket holding 20,000. The data is
// written straight into the company's database; the server then runs as its own process
// and is measured over HTTP: 20 warm-up + 200 sequential requests per query (p50/p95/p99),
// then 10 concurrent clients (requests per second), and the server's peak memory.
//   deno task bench:desk                  (full size)
//   deno run -A bench/desk.ts 0.1         (a tenth of every figure, for a quick look)
//   BENCH_DATA=/tmp/desk deno task bench:desk   (keeps the generated data there and reuses it)
import Database from "libsql";
import { join } from "node:path";
import { startServerProcess, stopServerProcess } from "./server_process.ts";

const SCALE = Number(Deno.args[0] ?? 1);
const N = {
  contacts: Math.round(50_000 * SCALE),
  tickets: Math.round(100_000 * SCALE),
  open: Math.round(20_000 * SCALE),
  pending: Math.round(10_000 * SCALE),
  messages: Math.round(2_000_000 * SCALE),
  bigTicket: Math.round(20_000 * SCALE),
  users: 12,
};
const PORT = 18_000 + Math.floor(Math.random() * 1000);
const ADMIN = { email: "bench@example.com", password: "benchpass1" };
const kept = Deno.env.get("BENCH_DATA");
const dataDir = kept ?? await Deno.makeTempDir({ prefix: "bench-desk-" });
const reuse = kept !== undefined &&
  await Deno.stat(join(kept, "tenants", "1.db")).then(() => true, () => false);
const env = {
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};

// A deterministic random source, so every run measures the same data.
let seed = 42;
const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];

const FIRST = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Elisa",
  "Fábio",
  "Gabriela",
  "Heitor",
  "Isabela",
  "João",
  "Karina",
  "Lucas",
  "Mariana",
  "Nicolas",
  "Olívia",
  "Paulo",
  "Quitéria",
  "Rafael",
  "Sofia",
  "Tiago",
];
const LAST = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
];
// Common words plus rarer ones: a customer-service vocabulary.
const WORDS =
  ("olá bom dia boa tarde noite obrigado por favor preciso ajuda pedido entrega prazo valor preço " +
    "produto compra pagamento cartão pix transferência nota fiscal endereço cidade rua número troca devolução " +
    "garantia defeito suporte técnico internet lenta sinal instalação visita agendar horário amanhã hoje semana " +
    "cancelar plano contrato mensalidade desconto promoção cupom frete grátis rastreio código correios transportadora " +
    "atraso reclamação elogio atendimento rápido demorado resolvido aguardando retorno ligação whatsapp email senha " +
    "acesso aplicativo site erro tela login cadastro dados atualizar documento comprovante enviar receber confirmar")
    .split(" ");
const RARE = ["boleto", "reembolso", "estorno", "orçamento", "portabilidade", "fidelidade"];

function sentence(i: number) {
  const words = Array.from({ length: 4 + Math.floor(rand() * 8) }, () => pick(WORDS));
  if (i % 97 === 0) words.splice(2, 0, pick(RARE));
  return words.join(" ");
}

const server = () => startServerProcess(env, PORT, []);
const stop = stopServerProcess;

if (!reuse) await generate();

async function generate() {
  // 1. The server creates the control database, the first company and its schema.
  await stop(await server());

  // 2. The company's data, written straight into its file.
  const t0 = performance.now();
  const db = new Database(join(dataDir, "tenants", "1.db"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
  const now = Date.now();
  const DAY = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  function bulk(sql: string, count: number, row: (i: number) => unknown[]) {
    const st = db.prepare(sql);
    for (let start = 0; start < count; start += 50_000) {
      db.exec("BEGIN");
      for (let i = start; i < Math.min(count, start + 50_000); i++) st.run(row(i));
      db.exec("COMMIT");
    }
  }

  bulk(
    "INSERT INTO queues (name, color) VALUES (?, ?)",
    3,
    (i) => [["Vendas", "Suporte", "Financeiro"][i], ["#2979FF", "#E53935", "#43A047"][i]],
  );
  bulk(
    "INSERT INTO whatsapps (name, provider, status, is_default, token) VALUES (?, 'sandbox', 'CONNECTED', ?, ?)",
    2,
    (i) => [`Loja ${i + 1}`, i === 0 ? 1 : 0, crypto.randomUUID()],
  );
  bulk(
    "INSERT INTO users (name, email, password_hash, profile) VALUES (?, ?, 'x', 'user')",
    N.users,
    (i) => [`Atendente ${i + 1}`, `at${i + 1}@example.com`],
  );
  const userIds =
    (db.prepare("SELECT id FROM users WHERE profile = 'user'").all() as { id: number }[]).map((u) =>
      u.id
    );
  bulk(
    "INSERT INTO user_queues (user_id, queue_id) VALUES (?, ?)",
    userIds.length,
    (i) => [userIds[i], (i % 3) + 1],
  );
  bulk(
    "INSERT INTO tags (name, color) VALUES (?, ?)",
    5,
    (i) => [["VIP", "Atrasado", "Retornar", "Novo", "Churn"][i], "#A4CCCC"],
  );
  bulk("INSERT INTO contacts (name, number, email) VALUES (?, ?, ?)", N.contacts, (i) => {
    const name = `${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`;
    return [name, `5511${String(900_000_000 + i)}`, i % 3 === 0 ? `cliente${i}@example.com` : ""];
  });
  console.log(`contacts: ${N.contacts}`);

  // Active tickets go to distinct contacts (one active ticket per contact and connection).
  const ticketAt: number[] = [];
  bulk(
    `INSERT INTO tickets (uuid, status, contact_id, whatsapp_id, user_id, queue_id, last_message, unread_messages, created_at, updated_at, closed_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    N.tickets,
    (i) => {
      const status = i < N.open ? "open" : i < N.open + N.pending ? "pending" : "closed";
      const updated = now - Math.floor(rand() * 90 * DAY);
      ticketAt.push(updated);
      const queue = i % 4 === 0 ? null : (i % 3) + 1;
      return [
        crypto.randomUUID(),
        status,
        (i % N.contacts) + 1,
        i < N.contacts ? 1 : 2,
        status === "pending" ? null : pick(userIds),
        queue,
        sentence(i),
        status === "closed" ? 0 : i % 3,
        iso(updated - 3_600_000),
        iso(updated),
        status === "closed" ? iso(updated) : null,
      ];
    },
  );
  bulk(
    `INSERT INTO ticket_trackings (ticket_id, whatsapp_id, user_id, queue_id, queued_at, started_at, finished_at, wait_seconds, support_seconds)
   SELECT id, whatsapp_id, user_id, queue_id, created_at,
     CASE WHEN status <> 'pending' THEN strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+' || (id % 30) || ' minutes') END,
     CASE WHEN status = 'closed' THEN updated_at END,
     CASE WHEN status <> 'pending' THEN (id % 30) * 60 END,
     CASE WHEN status = 'closed' THEN 3600 - (id % 30) * 60 END
   FROM tickets WHERE id = ?`,
    N.tickets,
    (i) => [i + 1],
  );
  bulk(
    "INSERT INTO ticket_tags (ticket_id, tag_id) VALUES (?, ?)",
    Math.round(N.tickets / 10),
    (i) => [i * 10 + 1, (i % 5) + 1],
  );
  console.log(`tickets: ${N.tickets} (${N.open} open, ${N.pending} pending), cycles and tags`);

  // Ticket 1 holds bigTicket messages; the others share the rest.
  bulk(
    `INSERT INTO messages (wid, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack, media_type, remote_jid, created_at)
   VALUES (?, ?, ?, ?, ?, ?, 1, 3, 'chat', '', ?)`,
    N.messages,
    (i) => {
      const ticket = i < N.bigTicket ? 1 : 2 + (i % (N.tickets - 1));
      const at = i < N.bigTicket
        ? ticketAt[0] - (N.bigTicket - i) * 60_000
        : ticketAt[ticket - 1] - (N.messages - i) * 10;
      return [
        `B${i}`,
        ticket,
        ((ticket - 1) % N.contacts) + 1,
        ticket <= N.contacts ? 1 : 2,
        sentence(i),
        i % 2,
        iso(at),
      ];
    },
  );
  // The word index as the server builds it after messages are stored (search-index.ts).
  const ti = performance.now();
  db.exec(`INSERT INTO messages_fts(rowid, body) SELECT id, body FROM messages WHERE body <> '';
    UPDATE search_state SET last_id = (SELECT max(id) FROM messages) WHERE name = 'messages';`);
  console.log(`search index of ${N.messages} messages built in ${((performance.now() - ti) / 1000).toFixed(0)} s`);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;");
  const bytes = Deno.statSync(join(dataDir, "tenants", "1.db")).size;
  db.close();
  console.log(
    `messages: ${N.messages} (ticket 1 holds ${N.bigTicket}); generated in ${
      ((performance.now() - t0) / 1000).toFixed(0)
    } s, ${(bytes / 1e6).toFixed(0)} MB`,
  );
}

// 3. The server as its own process, measured over HTTP.
const child = await server();
const base = `http://127.0.0.1:${PORT}`;
const login = await (await fetch(`${base}/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(ADMIN),
})).json();
const auth = { authorization: `Bearer ${login.token}` };

async function get(path: string) {
  const res = await fetch(base + path, { headers: auth });
  const body = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
  return body;
}

const pct = (xs: number[], p: number) =>
  xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => n.toFixed(1).padStart(7);

async function measure(label: string, path: string) {
  const sample = JSON.parse(await get(path));
  for (let i = 0; i < 20; i++) await get(path);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    await get(path);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const t = performance.now();
  let done = 0;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (done < 200) {
      done++;
      await get(path);
    }
  }));
  const rps = done / ((performance.now() - t) / 1000);
  const rows = sample.tickets?.length ?? sample.messages?.length ?? sample.contacts?.length ??
    sample.attendants?.length ?? 0;
  const total = sample.count ?? sample.counters?.supportFinished ?? "";
  console.log(
    `${label.padEnd(34)} p50 ${ms(pct(times, 50))} p95 ${ms(pct(times, 95))} p99 ${
      ms(pct(times, 99))
    } ms  ` +
      `${rps.toFixed(0).padStart(5)} req/s at 10 concurrent   (${rows} rows of ${total})`,
  );
}

const oldest = Math.ceil(N.bigTicket / 30);
console.log(`\nHTTP, sequential 200 after 20 warm-up; then 10 concurrent clients:`);
await measure("tickets open (all)", "/tickets?status=open&showAll=true");
await measure("tickets open, queueIds=[1,2]", "/tickets?status=open&showAll=true&queueIds=[1,2]");
await measure("tickets pending", "/tickets?status=pending&showAll=true");
await measure(
  "search: contact name",
  `/tickets?showAll=true&searchParam=${encodeURIComponent("Quitéria Barbosa")}`,
);
await measure("search: message text", "/tickets?showAll=true&searchParam=reembolso");
await measure("tickets by tag", "/tickets?showAll=true&tags=[2]");
await measure("messages, page 1 (20k ticket)", "/messages/1");
await measure(`messages, oldest page (${oldest})`, `/messages/1?pageNumber=${oldest}`);
await measure("contact search", `/contacts?searchParam=${encodeURIComponent("gabriela lim")}`);
await measure("dashboard, 30 days", "/dashboard?days=30");

const status = await Deno.readTextFile(`/proc/${child.pid}/status`);
const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
console.log(
  `\nserver peak memory (VmHWM): ${kb("VmHWM").toFixed(0)} MB; at the end ${kb("RssAnon").toFixed(0)} MB allocated + ` +
    `${kb("RssFile").toFixed(0)} MB of mapped files (the program and the memory-mapped database; the kernel reclaims these)`,
);
await stop(child);
if (!kept) await Deno.remove(dataDir, { recursive: true });
