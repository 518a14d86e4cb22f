// The example spreadsheet the lists page offers: the columns the import reads, two rows.
let cached: Uint8Array | null = null;

export async function exampleSheet(): Promise<Uint8Array> {
  if (cached) return cached;
  const XLSX = await import("@e965/xlsx");
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ["Nome", "Número", "Email"],
      ["Maria Silva", "5511999990001", "maria@exemplo.com"],
      ["João Souza", "5521988880002", ""],
    ]),
    "Contatos",
  );
  cached = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }));
  return cached;
}
