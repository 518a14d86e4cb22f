/** File lists (docs/api.md "File lists"). */
import { request } from "./client.ts";

export interface FileListOption {
  id: number;
  fileListId: number;
  name: string;
  /** "/public/..." once a file is uploaded; "" before. */
  path: string;
  mediaType: string;
  createdAt: string;
  updatedAt: string;
}

export interface FileList {
  id: number;
  name: string;
  message: string;
  options: FileListOption[];
  createdAt: string;
  updatedAt: string;
}

export interface FileListInput {
  name: string;
  message: string;
  /** With id: an option kept (renamed); without: a new one. Options left out are deleted. */
  options?: { id?: number; name: string }[];
}

export const files = {
  page: (query: { searchParam?: string; pageNumber?: number }) =>
    request<{ files: FileList[]; count: number; hasMore: boolean }>("/files", {
      query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
    }),
  /** Every list by name (id, name, message), for choosers. */
  list: () => request<Pick<FileList, "id" | "name" | "message">[]>("/files/list"),
  get: (id: number) => request<FileList>(`/files/${id}`),
  create: (input: FileListInput) => request<FileList>("/files", { method: "POST", body: input }),
  update: (id: number, input: Partial<FileListInput>) =>
    request<FileList>(`/files/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/files/${id}`, { method: "DELETE" }),
  /** The i-th file fills the i-th option id ("" or absent: a new option named by the i-th name). */
  upload: (id: number, uploads: { file: File; optionId: number | null; name: string }[]) => {
    const form = new FormData();
    form.append("fileId", String(id));
    form.append("typeArch", "fileList");
    for (const u of uploads) {
      form.append("files", u.file, u.file.name);
      form.append("id", u.optionId === null ? "" : String(u.optionId));
      form.append("name", u.name);
    }
    return request<FileList>(`/files/uploadList/${id}`, { method: "POST", body: form });
  },
};
