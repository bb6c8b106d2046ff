/** A multipart body as the admin forms send it: text fields, and an image under `imageUrl` when given (docs/product.md §7). */
export function multipartForm(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set("imageUrl", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return f;
}
