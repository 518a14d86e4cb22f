// The original product's browser client (the one the specification was written from) as a
// client of ours (issue 20, items 23 to 27): each test sends what it sends and reads what
// it reads.
import assert from "node:assert/strict";
import {
  ADMIN,
  newCompany,
  PNG,
  sandboxConnection,
  startTestServer,
  type TestServer,
  waitFor,
} from "./testing.ts";
import { recordingFactory } from "./channels/baileys/fixtures/fake_socket.ts";
import { silentLogger } from "./channels/baileys/logger.ts";
import { TAG_PALETTE } from "../contracts/tags.ts";

async function withServer(fn: (s: TestServer, token: string) => Promise<void>) {
  const s = await startTestServer();
  try {
    await fn(s, (await s.login(ADMIN.email, ADMIN.password)).token);
  } finally {
    await s.stop();
  }
}

/** A customer's ticket on a sandbox connection, accepted by the admin. */
async function openTicket(s: TestServer, token: string) {
  const w = await sandboxConnection(s, token);
  const r = await s.call(`/sandbox/${w.id}/inbound`, {
    token,
    body: { number: "5521977775555", name: "Léo", body: "bom dia" },
  });
  const ticketId = r.body[0].ticketId as number;
  assert.equal(
    (await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } }))
      .status,
    200,
  );
  return { whatsappId: w.id as number, ticketId };
}

const phoneOf = async (s: TestServer, token: string, whatsappId: number) =>
  (await s.call(`/sandbox/${whatsappId}/outbox?number=5521977775555`, { token })).body.records.map((
    r: { body: string },
  ) => r.body);

Deno.test("original client: a reply it signs itself reaches the customer signed once; the server signs only when asked", async () => {
  await withServer(async (s, token) => {
    const { whatsappId, ticketId } = await openTicket(s, token);
    // Its composer with the sign switch on (MessageInputCustom): the name is already in the body.
    const own = await s.call(`/messages/${ticketId}`, {
      token,
      body: {
        read: 1,
        fromMe: true,
        mediaUrl: "",
        body: "*Admin:*\nOlá, como posso ajudar?",
        quotedMsg: null,
      },
    });
    assert.equal(own.status, 201, JSON.stringify(own.body));
    assert.equal(own.body.body, "*Admin:*\nOlá, como posso ajudar?");
    // Our web asks the server to sign (sign: true); a media caption likewise.
    const asked = await s.call(`/messages/${ticketId}`, {
      token,
      body: { body: "Um momento", sign: true },
    });
    assert.equal(asked.body.body, "*Admin*:\nUm momento");
    const form = new FormData();
    form.set("body", "Segue a foto");
    form.append("medias", new File([PNG], "foto.png", { type: "image/png" }));
    const unsigned = await s.call(`/messages/${ticketId}`, { token, form });
    assert.equal(unsigned.body[0].body, "Segue a foto", "a caption without sign is not signed");
    const phone = await phoneOf(s, token, whatsappId);
    assert.deepEqual(phone, [
      "*Admin:*\nOlá, como posso ajudar?",
      "*Admin*:\nUm momento",
      "Segue a foto",
    ]);
  });
});

Deno.test("original client: listPlan answers the plan's flags under plan (its menu reads planConfigs.plan.useX) and at the top (our web)", async () => {
  await withServer(async (s, root) => {
    const plan = await s.call("/plans", {
      token: root,
      body: { name: "Sem kanban", users: 3, useKanban: false, useOpenAi: false },
    });
    const co = await newCompany(s, root, "Alpha", { planId: plan.body.id });
    const admin = await s.login(co.email, co.password);
    const r = await s.call(`/companies/listPlan/${co.company.id}`, { token: admin.token });
    assert.equal(r.status, 200);
    assert.deepEqual(
      [
        r.body.plan.useKanban,
        r.body.plan.useOpenAi,
        r.body.plan.useIntegrations,
        r.body.plan.useExternalApi,
        r.body.plan.useCampaigns,
      ],
      [false, false, true, true, true],
    );
    assert.equal(r.body.plan.name, "Sem kanban");
    assert.equal(r.body.useKanban, false, "our web reads the flags at the top");
  });
});

Deno.test("original client: it adds a WhatsApp connection with provider beta (ours: baileys) and edits one with the schedules [] it read", async () => {
  const { sockets, socketFactory } = recordingFactory();
  const s = await startTestServer({
    baileys: { socketFactory, logger: silentLogger, sendGapMs: 0 },
  });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    // WhatsAppModal's initial values as it posts them.
    const created = await s.call("/whatsapp", {
      token,
      body: {
        name: "Celular da loja",
        greetingMessage: "",
        complationMessage: "",
        outOfHoursMessage: "",
        ratingMessage: "",
        isDefault: false,
        token: "",
        provider: "beta",
        timeSendQueue: 0,
        sendIdQueue: 0,
        expiresInactiveMessage: "",
        expiresTicket: 0,
        timeUseBotQueues: 0,
        maxUseBotQueues: 3,
        queueIds: [],
        transferQueueId: null,
        promptId: null,
        integrationId: null,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.provider, "baileys");
    await waitFor(() => sockets[0], 3000, "a baileys socket");

    // Editing: what GET answered, sent back with its queue ids.
    const read = (await s.call(`/whatsapp/${created.body.id}?session=0`, { token })).body;
    assert.deepEqual(read.schedules, []);
    const edited = await s.call(`/whatsapp/${created.body.id}`, {
      token,
      method: "PUT",
      body: { ...read, name: "Celular da loja 2", queueIds: [] },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.name, "Celular da loja 2");
    assert.deepEqual(edited.body.schedules, []);
    const partWeek = await s.call(`/whatsapp/${created.body.id}`, {
      token,
      method: "PUT",
      body: {
        schedules: [{
          weekday: "Segunda-feira",
          weekdayEn: "monday",
          startTime: "08:00",
          endTime: "18:00",
        }],
      },
    });
    assert.deepEqual(
      [partWeek.status, partWeek.body.error],
      [400, "ERR_VALIDATION"],
      "a week is [] or its seven days",
    );
  } finally {
    await s.stop();
  }
});

Deno.test("original client: /invoices/all is the array its Financeiro page loads; the paging rides in headers", async () => {
  await withServer(async (s, root) => {
    const plan = await s.call("/plans", {
      token: root,
      body: { name: "Pago", value: 79.9, users: 5, connections: 2, queues: 3 },
    });
    const signup = await s.call("/companies/cadastro", {
      body: {
        name: "Recem Chegada",
        email: "dona@recem.com",
        password: "secret12",
        planId: plan.body.id,
      },
    });
    assert.equal(signup.status, 201, JSON.stringify(signup.body));
    const admin = (await s.login("dona@recem.com", "secret12")).token;
    const invoice = (await s.call("/invoices/current", { token: admin, method: "POST" })).body;
    const r = await s.call("/invoices/all?searchParam=&pageNumber=1", { token: admin });
    assert.equal(r.status, 200);
    assert.ok(Array.isArray(r.body), "its reducer walks the answer with forEach");
    assert.deepEqual(
      r.body.map((i: { id: number; value: number; status: string }) => [i.id, i.value, i.status]),
      [[invoice.id, 79.9, "open"]],
    );
    assert.equal(r.headers.get("x-total-count"), "1");
    assert.equal(r.headers.get("x-has-more"), "false");
  });
});

Deno.test("original client: GET /campaign-settings is its list of {key, value} with the value as JSON text; its POST {settings} round-trips", async () => {
  await withServer(async (s, token) => {
    const saved = await s.call("/campaign-settings", {
      token,
      body: {
        settings: {
          messageInterval: 5,
          longerIntervalAfter: 20,
          greaterInterval: 60,
          variables: [{ key: "loja", value: "Centro" }],
        },
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const r = await s.call("/campaign-settings", { token });
    assert.ok(Array.isArray(r.body));
    for (const item of r.body) assert.equal(typeof item.value, "string", item.key);
    // CampaignsConfig: settingsList.push([item.key, JSON.parse(item.value)]); setSettings(Object.fromEntries(...))
    const settings = Object.fromEntries(
      r.body.map((item: { key: string; value: string }) => [item.key, JSON.parse(item.value)]),
    );
    assert.equal(settings.messageInterval, 5);
    assert.equal(settings.greaterInterval, 60);
    assert.deepEqual(settings.variables, [{ key: "loja", value: "Centro" }]);
  });
});

Deno.test("original client: the dashboard's charts read nome/quantidade per user and horario|data/total per period", async () => {
  await withServer(async (s, token) => {
    await openTicket(s, token);
    const tz = (await s.call("/settings", { token })).body.find((x: { key: string }) =>
      x.key === "timezone"
    )?.value ?? "America/Sao_Paulo";
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date());
    const query = `initialDate=${today}&finalDate=${today}&companyId=1`;
    const users = await s.call(`/dashboard/ticketsUsers?${query}`, { token });
    assert.equal(users.status, 200);
    assert.deepEqual(
      users.body.data.map((x: { nome: string; quantidade: number }) => [x.nome, x.quantidade]),
      [["Admin", 1]],
    );
    const hours = await s.call(`/dashboard/ticketsDay?${query}`, { token });
    assert.equal(hours.body.data.length, 1);
    assert.equal(typeof hours.body.data[0].horario, "number", "one day: per hour");
    assert.equal(hours.body.data[0].total, 1);
    assert.equal(hours.body.count, 1, "its heading shows the total");
    const earlier = new Date(Date.parse(`${today}T12:00:00Z`) - 2 * 86_400_000).toISOString().slice(
      0,
      10,
    );
    const days = await s.call(
      `/dashboard/ticketsDay?initialDate=${earlier}&finalDate=${today}&companyId=1`,
      { token },
    );
    assert.deepEqual(days.body, { data: [{ data: today, total: 1 }], count: 1 });
  });
});

Deno.test('original client: a tag saved with the form\'s colour "" gets a colour of the palette; an edit with "" keeps its colour', async () => {
  await withServer(async (s, token) => {
    // TagModal's initial values.
    const first = await s.call("/tags", { token, body: { name: "Urgente", color: "", kanban: 0 } });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await s.call("/tags", {
      token,
      body: { name: "Retorno", color: "", kanban: 0 },
    });
    assert.ok(TAG_PALETTE.includes(first.body.color), first.body.color);
    assert.ok(TAG_PALETTE.includes(second.body.color), second.body.color);
    assert.notEqual(
      first.body.color,
      second.body.color,
      "tags made without a colour still look apart",
    );
    const edited = await s.call(`/tags/${first.body.id}`, {
      token,
      method: "PUT",
      body: { name: "Muito urgente", color: "", kanban: 0 },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.color, first.body.color);
  });
});

Deno.test("original client: editing a file list (PUT, then its upload of the files chosen, none) answers success", async () => {
  await withServer(async (s, token) => {
    const created = await s.call("/files", {
      token,
      body: {
        name: "Catálogo",
        message: "Veja",
        options: [{ name: "Capa", path: "", mediaType: "" }],
      },
    });
    assert.equal(created.status, 201);
    // FileModal: PUT what it read, edited; then, because data.options.length > 0, the upload
    // of the files chosen in the form: here none, only fileId and typeArch.
    const read = (await s.call(`/files/${created.body.id}`, { token })).body;
    const put = await s.call(`/files/${created.body.id}`, {
      token,
      method: "PUT",
      body: { ...read, name: "Catálogo 2026", userId: 1 },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.ok(put.body.options.length > 0);
    const form = new FormData();
    form.append("fileId", String(created.body.id));
    form.append("typeArch", "fileList");
    const upload = await s.call(`/files/uploadList/${created.body.id}`, { token, form });
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    assert.equal(upload.body.name, "Catálogo 2026");
    assert.deepEqual(upload.body.options.map((o: { name: string }) => o.name), ["Capa"]);
  });
});

Deno.test("original client: an announcement's image is at /public/{mediaPath}, the URL its popover builds", async () => {
  await withServer(async (s, token) => {
    const a = (await s.call("/announcements", {
      token,
      body: { title: "Novidade", text: "veja", priority: 3, status: true },
    })).body;
    const form = new FormData();
    form.append("file", new File([PNG], "banner.png", { type: "image/png" }));
    assert.equal(
      (await s.call(`/announcements/${a.id}/media-upload`, { token, form })).status,
      200,
    );
    const [listed] = (await s.call("/announcements/?pageNumber=1", { token })).body.records;
    assert.doesNotMatch(listed.mediaPath, /^\/?public\//);
    // AnnouncementsPopover: `${backendUrl}/public/${announcement.mediaPath}`
    const image = await fetch(`${s.url}/public/${listed.mediaPath}`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get("content-type"), "image/png");
    await image.body?.cancel();
    assert.equal(
      (await s.call(`/announcements/${a.id}`, { token })).body.mediaPath,
      listed.mediaPath,
    );
  });
});

Deno.test("original client: deleting a queue option saves the siblings it holds, an untitled new one included, without an error", async () => {
  await withServer(async (s, token) => {
    const queue =
      (await s.call("/queue", { token, body: { name: "Vendas", color: "#2979FF" } })).body;
    const saved = [];
    for (const [i, title] of ["Pedidos", "Trocas"].entries()) {
      const r = await s.call("/queue-options", {
        token,
        body: {
          title,
          message: "",
          edition: false,
          option: i + 1,
          queueId: queue.id,
          parentId: null,
          children: [],
        },
      });
      assert.equal(r.status, 201);
      saved.push(r.body);
    }
    // QueueOptionStepper: its list as read, plus an option added with "Adicionar" and not saved yet.
    const held = [
      ...(await s.call(`/queue-options?queueId=${queue.id}&parentId=-1`, { token })).body.map((
        o: object,
      ) => ({ ...o, children: [], edition: false })),
      {
        title: "",
        message: "",
        edition: false,
        option: 3,
        queueId: queue.id,
        parentId: null,
        children: [],
      },
    ];
    const removed = await s.call(`/queue-options/${saved[0].id}`, { token, method: "DELETE" });
    assert.ok(removed.status >= 200 && removed.status < 300, String(removed.status));
    // handleDeleteOption: splice, then every sibling left is numbered again and saved (PUT, or POST when new).
    held.splice(0, 1);
    const answers = await Promise.all(held.map((o, order) => {
      const option = { ...o, option: order + 1 };
      return "id" in option
        ? s.call(`/queue-options/${option.id}`, { token, method: "PUT", body: option })
        : s.call("/queue-options", { token, body: option });
    }));
    for (const a of answers) {
      assert.ok(a.status >= 200 && a.status < 300, `${a.status} ${JSON.stringify(a.body)}`);
    }
    const level = (await s.call(`/queue-options?queueId=${queue.id}&parentId=-1`, { token })).body;
    assert.deepEqual(level.map((o: { title: string; option: number }) => [o.title, o.option]), [[
      "Trocas",
      1,
    ], ["", 2]]);
  });
});
