import assert from "node:assert/strict";
import * as XLSX from "@e965/xlsx";
import {
  ADMIN,
  listen,
  newCompany,
  sandboxConnection,
  startTestServer,
  waitFor,
} from "../../testing.ts";
import { itemPageSelect, listPageSelect } from "./service.ts";
import { uncheckedSelect } from "./numbercheck.ts";
import { takenSelect } from "./import.ts";
import { asc, isNotNull } from "drizzle-orm";
import { contactListItems } from "../../../db/tenant/campaigns.ts";

function sheet(rows: unknown[][], bookType: "xlsx" | "biff8" = "xlsx"): Blob {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return new Blob([XLSX.write(book, { type: "array", bookType })]);
}

function upload(file: Blob, name = "lista.xlsx") {
  const form = new FormData();
  form.append("file", file, name);
  return form;
}

type Item = { id: number; name: string; number: string; isWhatsappValid: boolean | null };

Deno.test("contact lists: CRUD with counts, search and paging, items unique per list, live events", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const live = listen(s, 1);
    assert.equal(
      (await s.call("/contact-lists", { token, body: { name: "A" } })).body.field,
      "name",
    );
    const vip = await s.call("/contact-lists", { token, body: { name: "Clientes VIP" } });
    assert.equal(vip.status, 201);
    assert.equal(vip.body.contactsCount, 0);
    const other = (await s.call("/contact-lists", { token, body: { name: "Outra lista" } })).body;

    const item = await s.call("/contact-list-items", {
      token,
      body: {
        name: "Ana",
        number: "+55 (11) 95555-0001",
        email: "ana@example.com",
        contactListId: vip.body.id,
      },
    });
    assert.equal(item.status, 201);
    assert.equal(item.body.number, "5511955550001");
    assert.equal(item.body.isWhatsappValid, null);
    const dup = await s.call("/contact-list-items", {
      token,
      body: { name: "Ana 2", number: "5511955550001", contactListId: vip.body.id },
    });
    assert.deepEqual([dup.status, dup.body.error], [409, "ERR_DUPLICATED_CONTACT_LIST_ITEM"]);
    // Without its country code a number takes the company's (55); without area code it is refused by
    // its own code, so the dialog can say why; a "+" keeps it as written even when it reads as Brazilian.
    const numberOf = async (number: string) => {
      const answer = await s.call("/contact-list-items", {
        token,
        body: { name: `Nº ${number}`, number, contactListId: other.id },
      });
      return answer.status === 201
        ? answer.body.number
        : [answer.status, answer.body.error, answer.body.field];
    };
    assert.equal(await numberOf("(11) 95555-0002"), "5511955550002");
    assert.deepEqual(await numberOf("95555-0003"), [400, "ERR_LIST_NUMBER_NO_AREA_CODE", "number"]);
    assert.equal(await numberOf("+49 912 345678"), "49912345678");
    assert.equal(await numberOf("49 912 345679"), "5549912345679");
    assert.equal(
      (await s.call("/contact-list-items", {
        token,
        body: { name: "Ana", number: "5511955550001", contactListId: other.id },
      })).status,
      201,
      "another list may hold the number",
    );
    // The spec's client sends "" for no number and email.
    assert.equal(
      (await s.call("/contact-list-items", {
        token,
        body: { name: "Sem número", number: "", email: "", contactListId: vip.body.id },
      })).status,
      201,
    );
    assert.equal(
      (await s.call("/contact-list-items", {
        token,
        body: { name: "Curto", number: "1234", contactListId: vip.body.id },
      })).body.field,
      "number",
    );
    assert.equal(
      (await s.call("/contact-list-items", {
        token,
        body: { name: "Mail", email: "x@", contactListId: vip.body.id },
      })).body.field,
      "email",
    );
    assert.equal(
      (await s.call("/contact-list-items", { token, body: { name: "Nada", contactListId: 999 } }))
        .body.error,
      "ERR_NO_CONTACT_LIST_FOUND",
    );

    for (let i = 0; i < 25; i++) {
      await s.call("/contact-list-items", {
        token,
        body: {
          name: `Pessoa ${String(i).padStart(2, "0")}`,
          number: `55119000000${String(i).padStart(2, "0")}`,
          contactListId: vip.body.id,
        },
      });
    }
    const lists = await s.call("/contact-lists/?searchParam=vip&pageNumber=1", { token });
    assert.deepEqual(
      lists.body.records.map((
        l: { name: string; contactsCount: number },
      ) => [l.name, l.contactsCount]),
      [["Clientes VIP", 27]],
    );
    assert.equal(lists.body.hasMore, false);
    const page1 = await s.call(`/contact-list-items?contactListId=${vip.body.id}&pageNumber=1`, {
      token,
    });
    assert.equal(page1.body.contacts.length, 20);
    assert.equal(page1.body.hasMore, true);
    const page2 = await s.call(`/contact-list-items?contactListId=${vip.body.id}&pageNumber=2`, {
      token,
    });
    assert.deepEqual([page2.body.contacts.length, page2.body.hasMore], [7, false]);
    const found = await s.call(
      `/contact-list-items?contactListId=${vip.body.id}&searchParam=pessoa 07`,
      { token },
    );
    assert.deepEqual(found.body.contacts.map((c: Item) => c.number), ["5511900000007"]);

    const edited = await s.call(`/contact-list-items/${item.body.id}`, {
      token,
      method: "PUT",
      body: { name: "Ana Lima", number: "5511900000003" },
    });
    assert.equal(edited.body.error, "ERR_DUPLICATED_CONTACT_LIST_ITEM");
    assert.equal(
      (await s.call(`/contact-list-items/${item.body.id}`, {
        token,
        method: "PUT",
        body: { name: "Ana Lima" },
      })).body.name,
      "Ana Lima",
    );
    assert.equal((await s.call("/contact-lists/list", { token })).body.length, 2);
    assert.equal(
      (await s.call(`/contact-lists/${vip.body.id}`, {
        token,
        method: "PUT",
        body: { name: "VIP" },
      })).body.name,
      "VIP",
    );
    assert.equal(
      (await s.call(`/contact-list-items/${item.body.id}`, { token, method: "DELETE" })).status,
      204,
    );
    assert.equal(
      (await s.call(`/contact-list-items/${item.body.id}`, { token })).body.error,
      "ERR_NO_CONTACT_LIST_ITEM_FOUND",
    );
    assert.equal(
      (await s.call(`/contact-lists/${vip.body.id}`, { token, method: "DELETE" })).status,
      204,
    );
    assert.equal((await s.call(`/contact-lists/${vip.body.id}`, { token })).status, 404);
    assert.equal(
      (await s.call(`/contact-list-items/${page1.body.contacts[0].id}`, { token })).body.error,
      "ERR_NO_CONTACT_LIST_ITEM_FOUND",
      "the items went with their list",
    );
    assert.equal(
      (await s.call(`/contact-list-items?contactListId=${vip.body.id}`, { token })).status,
      404,
    );

    const names = new Set(live.events.map((e) => `${e.event}:${e.data.action}`));
    for (const n of ["create", "update", "delete"]) {
      assert.ok(names.has(`company-1-ContactList:${n}`), n);
      assert.ok(names.has(`company-1-ContactListItem:${n}`), n);
    }
    const example = await fetch(`${s.url}/contact-lists/example`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const rows = XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(new Uint8Array(await example.arrayBuffer())).Sheets.Contatos,
      { header: 1 },
    );
    assert.deepEqual(rows[0], ["Nome", "Número", "Email"]);
  } finally {
    await s.stop();
  }
});

Deno.test("contact list upload: each row imported, duplicate or invalid with the reason; .xls too; not a sheet refused", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const list = (await s.call("/contact-lists", { token, body: { name: "Importada" } })).body;
    await s.call("/contact-list-items", {
      token,
      body: { name: "Já está", number: "5511955550001", contactListId: list.id },
    });
    const live = listen(s, 1);
    const r = await s.call(`/contact-lists/${list.id}/upload`, {
      token,
      form: upload(sheet([
        ["Nome", "Número", "Email"],
        ["Ana Lima", "(11) 95555-0010", "ana@example.com"],
        ["Sem número", "", ""],
        ["Curto", "123", ""],
        ["Já está", "5511955550001", ""],
        ["Eva", "5511955550012", "não é e-mail"],
        ["", "5511955550013", ""],
        ["Repetido", "11 95555-0010", ""],
      ])),
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.newContacts.map((c: { contactName: string }) => c.contactName), [
      "Ana Lima",
      "",
    ]);
    assert.deepEqual(
      r.body.errorBag.map((
        e: { row: number; error: { code: string; message: string; reason?: string } },
      ) => [
        e.row,
        e.error.code,
        e.error.message,
        e.error.reason,
      ]),
      [
        [3, "ERR_VALIDATION", "number: empty", "number_empty"],
        [4, "ERR_VALIDATION", "number: 8 to 50 digits", "number_length"],
        [5, "ERR_DUPLICATED_CONTACT_LIST_ITEM", "this number is already in the list", undefined],
        [6, "ERR_VALIDATION", "email: not an e-mail address", "email_invalid"],
        [8, "ERR_DUPLICATED_CONTACT_LIST_ITEM", "this number is already in the list", undefined],
      ],
    );
    assert.ok(
      live.events.some((e) =>
        e.event === "company-1-ContactListItem" && e.data.action === "reload" &&
        e.data.contactListId === list.id
      ),
    );
    assert.ok(
      live.events.some((e) =>
        e.event === "company-1-ContactList" && e.data.record?.contactsCount === 3
      ),
    );

    const xls = await s.call(`/contact-lists/${list.id}/upload`, {
      token,
      form: upload(
        sheet([["nome", "numero"], ["Velho Excel", "5511955550099"]], "biff8"),
        "lista.xls",
      ),
    });
    assert.deepEqual(xls.body.newContacts.map((c: { contactName: string }) => c.contactName), [
      "Velho Excel",
    ]);
    const csv = await s.call(`/contact-lists/${list.id}/upload`, {
      token,
      form: upload(new Blob(["nome,numero\nA,5511"]), "l.csv"),
    });
    assert.deepEqual([csv.status, csv.body.error], [415, "ERR_FILE_TYPE"]);
    assert.equal(
      (await s.call(`/contact-lists/999/upload`, {
        token,
        form: upload(sheet([["nome", "numero"], ["A", "5511955550001"]])),
      })).status,
      404,
    );
  } finally {
    await s.stop();
  }
});

Deno.test("contact list upload: 10,000 rows in one request", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const list = (await s.call("/contact-lists", { token, body: { name: "Grande" } })).body;
    const rows: unknown[][] = [["Nome", "Número", "Email"]];
    for (let i = 0; i < 10_000; i++) {
      rows.push([`Cliente ${i}`, `55119${String(i).padStart(8, "0")}`, `c${i}@example.com`]);
    }
    const form = upload(sheet(rows));
    const started = performance.now();
    const r = await s.call(`/contact-lists/${list.id}/upload`, { token, form });
    const ms = performance.now() - started;
    console.log(`contact list import: 10,000 rows in ${ms.toFixed(0)} ms`);
    assert.equal(r.body.newContacts.length, 10_000);
    assert.equal(r.body.errorBag.length, 0);
    assert.equal((await s.call(`/contact-lists/${list.id}`, { token })).body.contactsCount, 10_000);
    const last = await s.call(`/contact-list-items?contactListId=${list.id}&pageNumber=500`, {
      token,
    });
    assert.deepEqual([last.body.contacts.length, last.body.hasMore], [20, false]);
  } finally {
    await s.stop();
  }
});

Deno.test("contact list numbers: WhatsApp check in the background at the configured pace, filling isWhatsappValid", async () => {
  const perSecond = 20;
  const s = await startTestServer({ env: { NUMBER_CHECKS_PER_SECOND: String(perSecond) } });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const list = (await s.call("/contact-lists", { token, body: { name: "Checar" } })).body;
    // No connection yet: the import answers at once and the numbers wait unchecked.
    const rows: unknown[][] = [["Nome", "Número"]];
    for (let i = 0; i < 9; i++) {
      rows.push([`Válido ${i}`, `551190000${String(i).padStart(4, "0")}`]);
    }
    // The sandbox network knows no number starting with 0.
    rows.push(["Inválido", "0011900000099"]);
    const started = performance.now();
    const r = await s.call(`/contact-lists/${list.id}/upload`, {
      token,
      form: upload(sheet(rows)),
    });
    const answeredMs = performance.now() - started;
    assert.equal(r.body.newContacts.length, 10);
    await s.deps.numberCheck.idle(1);
    const items = async () =>
      (await s.call(`/contact-list-items?contactListId=${list.id}`, { token })).body
        .contacts as Item[];
    assert.ok((await items()).every((i) => i.isWhatsappValid === null), "no connection, no answer");

    const live = listen(s, 1);
    // The connection coming up starts the check; nobody reads the list meanwhile.
    await sandboxConnection(s, token);
    const checked = () =>
      s.deps.registry.with(
        1,
        (t) =>
          t.db.select({ at: contactListItems.checkedAt }).from(contactListItems)
            .where(isNotNull(contactListItems.checkedAt)).orderBy(asc(contactListItems.checkedAt)),
      );
    const stamps = await waitFor(
      async () => {
        const rows = await checked();
        return rows.length === 10 && rows;
      },
      5000,
      "all checked",
    );
    const span = Date.parse(stamps[9].at!) - Date.parse(stamps[0].at!);
    console.log(
      `number check: 10 numbers over ${span} ms at ${perSecond}/s (the import answered in ${
        answeredMs.toFixed(0)
      } ms)`,
    );
    // The pace spaces the questions; the stamps are the answers', each a little later than its
    // question, by an amount a busy machine varies: one interval of slack, still far from the
    // few milliseconds ten unpaced checks take.
    assert.ok(
      span >= (8 * 1000) / perSecond,
      `paced: ${span} ms between the first and the tenth check`,
    );
    const byName = new Map((await items()).map((i) => [i.name, i.isWhatsappValid]));
    assert.equal(byName.get("Inválido"), false);
    assert.equal(byName.get("Válido 3"), true);
    assert.equal(
      live.events.filter((e) =>
        e.event === "company-1-ContactListItem" && e.data.action === "update"
      ).length,
      10,
    );

    // A new number is asked again.
    const one = (await items()).find((i) => i.name === "Inválido")!;
    const changed = await s.call(`/contact-list-items/${one.id}`, {
      token,
      method: "PUT",
      body: { number: "5511900009999" },
    });
    assert.equal(changed.body.isWhatsappValid, null);
    await waitFor(
      async () =>
        (await s.call(`/contact-list-items/${one.id}`, { token })).body.isWhatsappValid === true,
      3000,
      "rechecked",
    );
  } finally {
    await s.stop();
  }
});

Deno.test("contact lists: plan without campaigns refused, admins and supervisors only, companies isolated", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const list = (await s.call("/contact-lists", { token, body: { name: "Da empresa 1" } })).body;
    const item = (await s.call("/contact-list-items", {
      token,
      body: { name: "Ana", number: "5511955550001", contactListId: list.id },
    })).body;

    const other = await newCompany(s, token, "Outra");
    const them = (await s.login(other.email, other.password)).token;
    assert.equal((await s.call(`/contact-lists/${list.id}`, { token: them })).status, 404);
    assert.equal((await s.call(`/contact-list-items/${item.id}`, { token: them })).status, 404);
    assert.equal(
      (await s.call(`/contact-list-items/${item.id}`, { token: them, method: "DELETE" })).status,
      404,
    );
    assert.equal(
      (await s.call("/contact-list-items", {
        token: them,
        body: { name: "Xavier", number: "5511955550002", contactListId: list.id },
      })).status,
      404,
    );
    assert.deepEqual((await s.call("/contact-lists/", { token: them })).body.records, []);

    await s.call("/users", {
      token,
      body: { name: "Agente", email: "agente@example.com", password: "secret12" },
    });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    assert.equal(
      (await s.call("/contact-lists/", { token: agent })).body.error,
      "ERR_NO_PERMISSION",
    );
    // Supervisors run campaigns, so they keep their audiences too.
    await s.call("/users", {
      token,
      body: { name: "Sup", email: "sup@example.com", password: "secret12", profile: "supervisor" },
    });
    const sup = (await s.login("sup@example.com", "secret12")).token;
    assert.equal((await s.call("/contact-lists/", { token: sup })).body.count, 1);
    const supList = await s.call("/contact-lists", {
      token: sup,
      body: { name: "Da supervisora" },
    });
    assert.equal(supList.status, 201);
    assert.equal(
      (await s.call("/contact-list-items", {
        token: sup,
        body: { name: "Bia", number: "5511955550009", contactListId: supList.body.id },
      })).status,
      201,
    );

    await s.call("/plans/1", { token, method: "PUT", body: { useCampaigns: false } });
    const form = new FormData();
    form.append("file", new Blob(["x"]), "a.xlsx");
    for (
      const [path, method, body] of [
        ["/contact-lists/", "GET"],
        ["/contact-lists/list", "GET"],
        ["/contact-lists/example", "GET"],
        ["/contact-lists", "POST", { name: "Nova" }],
        [`/contact-lists/${list.id}`, "PUT", { name: "Nova" }],
        [`/contact-lists/${list.id}`, "DELETE"],
        [`/contact-lists/${list.id}/upload`, "POST", form],
        [`/contact-list-items?contactListId=${list.id}`, "GET"],
        [`/contact-list-items/${item.id}`, "GET"],
        ["/contact-list-items", "POST", {
          name: "Bea",
          number: "5511955550003",
          contactListId: list.id,
        }],
        [`/contact-list-items/${item.id}`, "PUT", { name: "Bea" }],
        [`/contact-list-items/${item.id}`, "DELETE"],
      ] as [string, string, unknown?][]
    ) {
      const r = await s.call(path, {
        token,
        method,
        ...(body instanceof FormData ? { form: body } : body ? { body } : {}),
      });
      assert.deepEqual([r.status, r.body.error, r.body.feature], [
        403,
        "ERR_PLAN_FEATURE_DISABLED",
        "useCampaigns",
      ], `${method} ${path}`);
    }
  } finally {
    await s.stop();
  }
});

Deno.test("contact lists: pages, counts, the import's look-up and the check's queue read by index (built for 100,000 a list)", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await s.call("/contact-lists", { token, body: { name: "Grande" } });
    const plans = await s.deps.registry.with(1, async (t) => {
      const explain = async (q: { sql: string; params: unknown[] }) =>
        (await t.client.execute({
          sql: `EXPLAIN QUERY PLAN ${q.sql}`,
          args: q.params as (string | number)[],
        })).rows
          .map((r) => String(r.detail)).join("\n");
      return {
        lists: await explain(listPageSelect(t, "").limit(21).offset(0).toSQL()),
        items: await explain(itemPageSelect(t, 1, "").limit(21).offset(0).toSQL()),
        unchecked: await explain(uncheckedSelect(t).limit(50).toSQL()),
        duplicates: await explain(takenSelect(t, 1, ["5511955550001", "5511955550002"]).toSQL()),
      };
    });
    assert.match(plans.lists, /SCAN contact_lists USING INDEX contact_lists_name_idx/);
    // The count reads one list's entries of a covering index (whichever of the list's is smallest).
    assert.match(
      plans.lists,
      /SEARCH i USING COVERING INDEX contact_list_items_list_\w+_idx \(contact_list_id=\?\)/,
    );
    assert.match(
      plans.items,
      /SEARCH contact_list_items USING INDEX contact_list_items_list_name_idx \(contact_list_id=\?\)/,
    );
    assert.match(
      plans.unchecked,
      /contact_list_items USING (COVERING )?INDEX contact_list_items_unchecked_idx/,
    );
    assert.match(
      plans.duplicates,
      /contact_list_items USING (COVERING )?INDEX contact_list_items_number_unique/,
    );
    for (const [name, plan] of Object.entries(plans)) {
      assert.doesNotMatch(plan, /TEMP B-TREE/, name);
    }
  } finally {
    await s.stop();
  }
});
