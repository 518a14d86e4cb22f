import assert from "node:assert/strict";
import * as XLSX from "@e965/xlsx";
import { ADMIN, listen, sandboxConnection, startTestServer } from "../../testing.ts";

function xlsx(rows: unknown[][]): Blob {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return new Blob([XLSX.write(book, { type: "array", bookType: "xlsx" })]);
}

function upload(file: Blob, name = "contatos.xlsx") {
  const form = new FormData();
  form.append("file", file, name);
  return form;
}

Deno.test("contacts upload: an .xlsx becomes contacts, each bad row reported with its number and reason", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    await s.call("/contacts", { token, body: { name: "Já existe", number: "5511955550001" } });
    const live = listen(s, 1);
    const sheet = xlsx([
      ["Nome", "Número", "E-mail"],
      ["Ana Lima", "(11) 95555-0010", "ana@example.com"],
      ["B", "5511955550011", ""],
      ["Carlos", "123", ""],
      ["Duplicado", "5511955550001", ""],
      ["Eva", "5511955550012", "não é e-mail"],
      [],
      ["Fábio", "55 11 95555 0013", ""],
      ["Fábio de novo", "5511955550013", ""],
    ]);
    const r = await s.call("/contacts/upload", { token, form: upload(sheet) });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.newContacts.map((c: { contactName: string }) => c.contactName), ["Ana Lima", "Fábio"]);
    const bag = r.body.errorBag.map((e: { row: number; error: { code: string; message: string } }) => [e.row, e.error.code, e.error.message.split(":")[0]]);
    assert.deepEqual(bag, [
      [3, "ERR_VALIDATION", "name"],
      [4, "ERR_VALIDATION", "number"],
      [5, "ERR_DUPLICATED_CONTACT", "a contact with this number exists"],
      [6, "ERR_VALIDATION", "email"],
      [9, "ERR_DUPLICATED_CONTACT", "a contact with this number exists"],
    ]);
    const ana = await s.call("/contacts?searchParam=ana", { token });
    assert.equal(ana.body.contacts[0].number, "11955550010");
    assert.equal(live.events.filter((e) => e.event === "company-1-contact" && e.data.action === "create").length, 2);

    const notXlsx = await s.call("/contacts/upload", { token, form: upload(new Blob(["name,number\nA,5511"]), "c.csv") });
    assert.equal(notXlsx.status, 415);
    assert.equal(notXlsx.body.error, "ERR_FILE_TYPE");
    const noHeader = await s.call("/contacts/upload", { token, form: upload(xlsx([["foo", "bar"], ["a", "b"]])) });
    assert.equal(noHeader.body.field, "file");
    const json = await s.call("/contacts/upload", { token, body: { rows: [{ name: "Gil", number: 5511955550020 }] } });
    assert.equal(json.body.newContacts[0].contactName, "Gil");
  } finally {
    await s.stop();
  }
});

Deno.test("contacts import from phone: the connection's address book, known numbers skipped, offline refused", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    assert.equal((await s.call("/contacts/import", { token, body: {} })).body.error, "ERR_NO_DEF_WAPP_FOUND");
    const w = await sandboxConnection(s, token);
    await s.call("/contacts", { token, body: { name: "Conhecido", number: "5511955550030" } });
    const book = await s.call(`/sandbox/${w.id}/address-book`, { token, body: { contacts: [
      { name: "Mãe", number: "+55 11 95555-0031" },
      { name: "Conhecido no celular", number: "5511955550030" },
      { name: "", number: "5511955550032" },
    ] } });
    assert.equal(book.status, 204);
    const r = await s.call("/contacts/import", { token, body: { whatsappId: w.id } });
    assert.deepEqual(r.body, { imported: 2, skipped: 1 });
    const names = (await s.call("/contacts?searchParam=55119555500", { token })).body.contacts.map((c: { name: string }) => c.name);
    assert.deepEqual(names.sort(), ["5511955550032", "Conhecido", "Mãe"]);
    await s.call(`/whatsappsession/${w.id}`, { token, method: "DELETE" });
    assert.equal((await s.call("/contacts/import", { token, body: { whatsappId: w.id } })).body.error, "ERR_WAPP_NOT_INITIALIZED");
  } finally {
    await s.stop();
  }
});
