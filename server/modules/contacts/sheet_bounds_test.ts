// Workbooks built to hurt: a zip bomb, sizes that lie, rows past the limit, a huge cell.
// The server refuses each with a coded error, answers short, keeps answering, and its
// memory comes back to where it was. The files are built here, streamed through zlib, so
// the test itself never holds what they unpack to.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { once } from "node:events";
import { crc32, createDeflateRaw } from "node:zlib";
import * as XLSX from "@e965/xlsx";
import { ADMIN, checkInOwnProcess, startTestServer, type TestServer } from "../../testing.ts";
import { MAX_CELL_CHARS, MAX_ROWS } from "./spreadsheet.ts";

const enc = new TextEncoder();
const MB = 1024 * 1024;

type Part = { name: string; chunks: () => Iterable<Uint8Array>; declared?: number };

async function deflate(chunks: Iterable<Uint8Array>) {
  const z = createDeflateRaw();
  const out: Buffer[] = [];
  z.on("data", (b: Buffer) => out.push(b));
  let crc = 0, size = 0;
  for (const c of chunks) {
    crc = crc32(c, crc);
    size += c.length;
    if (!z.write(c)) await once(z, "drain");
  }
  z.end();
  await once(z, "end");
  return { data: Buffer.concat(out), crc, size };
}

/** A zip of deflated parts; `declared` is the size its headers claim (the truth when absent). */
async function zip(parts: Part[]): Promise<Uint8Array> {
  const local: Uint8Array[] = [], central: Uint8Array[] = [];
  let offset = 0;
  for (const p of parts) {
    const { data, crc, size } = await deflate(p.chunks());
    const name = enc.encode(p.name);
    const head = (sig: number, len: number) => {
      const b = new DataView(new ArrayBuffer(len + name.length));
      b.setUint32(0, sig, true);
      return b;
    };
    const l = head(0x04034b50, 30);
    l.setUint16(4, 20, true);
    l.setUint16(8, 8, true);
    l.setUint32(14, crc >>> 0, true);
    l.setUint32(18, data.length, true);
    l.setUint32(22, p.declared ?? size, true);
    l.setUint16(26, name.length, true);
    new Uint8Array(l.buffer).set(name, 30);
    const c = head(0x02014b50, 46);
    c.setUint16(4, 20, true);
    c.setUint16(6, 20, true);
    c.setUint16(10, 8, true);
    c.setUint32(16, crc >>> 0, true);
    c.setUint32(20, data.length, true);
    c.setUint32(24, p.declared ?? size, true);
    c.setUint16(28, name.length, true);
    c.setUint32(42, offset, true);
    new Uint8Array(c.buffer).set(name, 46);
    local.push(new Uint8Array(l.buffer), data);
    central.push(new Uint8Array(c.buffer));
    offset += l.byteLength + data.length;
  }
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, parts.length, true);
  end.setUint16(10, parts.length, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, offset, true);
  return new Uint8Array(Buffer.concat([...local, ...central, new Uint8Array(end.buffer)]));
}

const text = (s: string) => () => [enc.encode(s)];

/** A one-sheet workbook whose sheet XML is `rows` (inline strings: no shared-strings part). */
function workbook(rows: () => Iterable<Uint8Array>, declared?: number): Promise<Uint8Array> {
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const ct = "application/vnd.openxmlformats-officedocument.spreadsheetml";
  return zip([
    {
      name: "[Content_Types].xml",
      chunks: text(
        `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${ct}.worksheet+xml"/></Types>`,
      ),
    },
    {
      name: "_rels/.rels",
      chunks: text(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/workbook.xml",
      chunks: text(
        `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
          `xmlns:r="${rel}"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      chunks: text(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/worksheets/sheet1.xml",
      declared,
      chunks: function* () {
        yield enc.encode(
          `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`,
        );
        yield* rows();
        yield enc.encode(`</sheetData></worksheet>`);
      },
    },
  ]);
}

const cell = (ref: string, value: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
const header = () => enc.encode(`<row r="1">${cell("A1", "Nome")}${cell("B1", "Número")}</row>`);

/** Rows 2.. of one name and number each. */
function* contactRows(count: number, name = (i: number) => `Pessoa ${i}`) {
  yield header();
  let batch = "";
  for (let i = 2; i < count + 2; i++) {
    batch += `<row r="${i}">${cell(`A${i}`, name(i))}${
      cell(`B${i}`, String(5511900000000 + i))
    }</row>`;
    if (batch.length > MB) {
      yield enc.encode(batch);
      batch = "";
    }
  }
  yield enc.encode(batch);
}

/** `count` copies of one row (no row numbers, as some writers do): it compresses to almost nothing. */
function* repeatedRows(count: number) {
  yield header();
  const row =
    `<row><c t="inlineStr"><is><t>Repetido</t></is></c><c t="inlineStr"><is><t>5511955550001</t></is></c></row>`;
  const batch = enc.encode(row.repeat(Math.floor(MB / row.length)));
  const perBatch = Math.floor(MB / row.length);
  for (let left = count; left > 0; left -= perBatch) {
    yield left >= perBatch ? batch : enc.encode(row.repeat(left));
  }
}

/** One cell of `chars` characters in row 2 (the name), streamed a megabyte at a time. */
function* hugeCell(chars: number) {
  yield header();
  yield enc.encode(`<row r="2"><c r="A2" t="inlineStr"><is><t>`);
  const mb = enc.encode("A".repeat(MB));
  for (let left = chars; left > 0; left -= MB) yield left >= MB ? mb : mb.subarray(0, left);
  yield enc.encode(`</t></is></c>${cell("B2", "5511955550001")}</row>`);
}

function form(bytes: Uint8Array, name = "contatos.xlsx") {
  const f = new FormData();
  f.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return f;
}

const rss = () => Math.round(Deno.memoryUsage().rss / MB);

/** Uploads a crafted file to both routes; answers the contacts route's answer and the RSS after it. */
async function send(s: TestServer, token: string, listId: number, bytes: Uint8Array) {
  const contacts = await s.call("/contacts/upload", { token, form: form(bytes) });
  const list = await s.call(`/contact-lists/${listId}/upload`, { token, form: form(bytes) });
  assert.equal((await s.call("/health")).status, 200);
  return { contacts, list, rss: rss() };
}

/** In a process of its own (checkInOwnProcess): it measures the whole process's memory. */
async function checkBounds() {
  // Built before the server starts, so the memory measured around each upload is the server's.
  const crafted: [string, Uint8Array, string][] = [
    // One cell of 300 MB, in a file of a few hundred kB.
    ["bomb", await workbook(() => hugeCell(300 * MB)), "ERR_SHEET_TOO_LARGE"],
    // The same bomb whose headers say its sheet is 1 kB: bounded while inflating.
    ["lying bomb", await workbook(() => hugeCell(300 * MB), 1024), "ERR_SHEET_TOO_LARGE"],
    [
      "a million repeated rows",
      await workbook(() => repeatedRows(1_000_000)),
      "ERR_SHEET_TOO_LARGE",
    ],
    // Refused, and not echoed.
    ["one 60 MB cell", await workbook(() => hugeCell(60 * MB)), "ERR_SHEET_TOO_LARGE"],
    // Within the unpacked bound, one row too many.
    [
      "one row too many",
      await workbook(() => contactRows(MAX_ROWS + 1)),
      "ERR_SHEET_TOO_MANY_ROWS",
    ],
    // Within the unpacked bound, a cell longer than Excel ever writes.
    [
      "a cell too long",
      await workbook(() => hugeCell(MAX_CELL_CHARS + 1)),
      "ERR_SHEET_CELL_TOO_LONG",
    ],
  ];
  const longNames = await workbook(() => contactRows(300, () => "N".repeat(MAX_CELL_CHARS)));
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const listId = (await s.call("/contact-lists", { token, body: { name: "Bombas" } })).body.id;
    // After a first workbook, so what any upload loads once (SheetJS in a thread) is counted before.
    const warm = await send(s, token, listId, await workbook(() => contactRows(3)));
    assert.deepEqual([warm.contacts.status, warm.contacts.body.newContacts.length], [200, 3]);
    assert.equal(warm.list.body.newContacts.length, 3);
    const figures: string[] = [`RSS at the start: ${rss()} MB`];
    for (const [what, bytes, code] of crafted) {
      const before = rss();
      const r = await send(s, token, listId, bytes);
      figures.push(
        `${what} (${
          Math.round(bytes.length / 1024)
        } kB, both routes): RSS ${before} -> ${r.rss} MB`,
      );
      for (const answer of [r.contacts, r.list]) {
        assert.deepEqual(
          [answer.status, answer.body.error],
          [413, code],
          `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`,
        );
        assert.ok(JSON.stringify(answer.body).length < 1024, `${what}: a short answer`);
        if (code === "ERR_SHEET_TOO_MANY_ROWS") assert.equal(answer.body.limit, MAX_ROWS);
        if (code === "ERR_SHEET_CELL_TOO_LONG") {
          assert.deepEqual([answer.body.row, answer.body.column], [2, "A"]);
        }
      }
      // Before the fix a million repeated rows added 600 MB for good, and a bomb took the process.
      assert.ok(r.rss - before < 100, `${what}: RSS ${before} -> ${r.rss} MB`);
    }

    // Many at once are read a few at a time: the others wait their turn or are told to come back.
    const before = rss();
    const burst = await Promise.all(
      Array.from(
        { length: 14 },
        () => s.call("/contacts/upload", { token, form: form(crafted[4][1]) }),
      ),
    );
    const after = rss();
    figures.push(`14 at once of "one row too many": RSS ${before} -> ${after} MB`);
    for (const r of burst) {
      assert.ok(
        r.body.error === "ERR_SHEET_TOO_MANY_ROWS" ||
          (r.body.error === "ERR_SHEETS_BUSY" && r.body.retryAfter > 0),
        JSON.stringify(r.body),
      );
    }
    assert.ok(after - before < 100, `14 at once: RSS ${before} -> ${after} MB`);

    // Refused rows echo only the start of what they hold.
    const named = await send(s, token, listId, longNames);
    for (const answer of [named.contacts, named.list]) {
      assert.equal(answer.status, 200);
      assert.equal(answer.body.errorBag.length, 300);
      assert.ok(
        answer.body.errorBag.every((e: { contactName: string }) => e.contactName.length <= 61),
      );
      assert.ok(JSON.stringify(answer.body).length < 100 * 1024, "a short answer");
    }
    figures.push(
      `300 names of ${MAX_CELL_CHARS} characters (${
        Math.round(longNames.length / 1024)
      } kB): RSS ${named.rss} MB`,
    );
    console.log(figures.join("\n"));
  } finally {
    await s.stop();
  }
}

if (import.meta.main) {
  await checkBounds();
  console.log("sheet bounds ok");
}

Deno.test("spreadsheet bounds: bombs, lying sizes, rows past the limit and huge cells are refused with coded errors, the server keeps answering and its memory comes back", () =>
  checkInOwnProcess(import.meta.filename!, "sheet bounds ok"));

Deno.test("spreadsheet bounds: a workbook SheetJS writes is still read, on both routes", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([["Nome", "Telefone"], ["Ana", 5511955550001]]),
      "C",
    );
    const bytes = new Uint8Array(
      XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }),
    );
    const r = await s.call("/contacts/upload", { token, form: form(bytes) });
    assert.deepEqual(r.body.newContacts.map((c: { contactName: string }) => c.contactName), [
      "Ana",
    ]);
    const xls = new Uint8Array(XLSX.write(book, { type: "array", bookType: "biff8" }));
    const listId = (await s.call("/contact-lists", { token, body: { name: "Lista" } })).body.id;
    const l = await s.call(`/contact-lists/${listId}/upload`, { token, form: form(xls, "l.xls") });
    assert.deepEqual(l.body.newContacts.map((c: { contactName: string }) => c.contactName), [
      "Ana",
    ]);
    // The .xls keeps the number cell's value, not its General format ("5.51196E+12").
    const items = await s.call(`/contact-list-items?contactListId=${listId}`, { token });
    assert.deepEqual(items.body.contacts.map((c: { number: string }) => c.number), [
      "5511955550001",
    ]);
  } finally {
    await s.stop();
  }
});
