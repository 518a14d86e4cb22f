import assert from "node:assert/strict";
import type { FileList } from "../../api/files.ts";
import {
  applyFileListEvent,
  asFileListEvent,
  initialValues,
  rowForFile,
  toFileListInput,
  uploadsAfterSave,
  validateFileList,
} from "./fileListForm.ts";

const option = (id: number, name: string, path = "") => ({
  id,
  fileListId: 1,
  name,
  path,
  mediaType: "",
  createdAt: "",
  updatedAt: "",
});
const list = (id: number, name: string, options = [option(10, "Capa", "/public/1/a.png")]): FileList => ({
  id,
  name,
  message: "Veja",
  options,
  createdAt: "",
  updatedAt: "",
});

Deno.test("file list form: name at least 3 ('Mensagem muito curta'), message required", () => {
  const v = { name: "ab", message: " ", options: [] };
  const issues = validateFileList(v);
  assert.equal(issues.name?.key, "attachments.files.dialog.tooShort");
  assert.equal(issues.message?.key, "validation.required");
  assert.deepEqual(validateFileList({ ...v, name: "Catálogo", message: "Veja" }), {});
});

Deno.test("file list form: kept options by id, new ones by name; the files go to the right options after saving", () => {
  const before = list(1, "Catálogo", [option(10, "Capa", "/public/1/a.png"), option(11, "Verso", "/public/1/b.png")]);
  const values = initialValues(before);
  const capa = new File(["x"], "capa2.png", { type: "image/png" });
  const novo = new File(["y"], "tabela.pdf", { type: "application/pdf" });
  values.options = [{ ...values.options[0], file: capa }, { ...rowForFile(novo), name: "Tabela" }];
  assert.deepEqual(toFileListInput(values).options, [{ id: 10, name: "Capa" }, { name: "Tabela" }], "Verso is dropped");

  const saved = list(1, "Catálogo", [option(10, "Capa", "/public/1/a.png"), option(12, "Tabela")]);
  assert.deepEqual(
    uploadsAfterSave(values, saved, before).map((u) => [u.optionId, u.name, u.file.name]),
    [[10, "Capa", "capa2.png"], [12, "Tabela", "tabela.pdf"]],
  );
});

Deno.test("file list events: upsert by name order, delete by id, the count follows", () => {
  const items = [list(1, "Alfa"), list(3, "Gama")];
  const created = asFileListEvent({ action: "create", fileList: list(2, "Beta") })!;
  const after = applyFileListEvent(items, created, { search: "", hasMore: false });
  assert.deepEqual(after.items.map((i) => i.name), ["Alfa", "Beta", "Gama"]);
  assert.equal(after.countDelta, 1);
  const deleted = asFileListEvent({ action: "delete", fileListId: 3 })!;
  assert.deepEqual(applyFileListEvent(after.items, deleted, { search: "", hasMore: false }).countDelta, -1);
  assert.equal(asFileListEvent({ action: "create", fileList: { id: 1 } }), null);
});
