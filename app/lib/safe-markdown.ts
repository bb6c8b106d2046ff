// Blog text (docs/product.md §3 Blog post text): paragraphs separated by blank lines, with a
// safe Markdown subset: **bold**, *italic*, [text](https://…). Raw HTML is never
// interpreted: the result is plain data that React renders as text nodes.

export type Inline = { kind: "text" | "strong" | "em"; text: string } | { kind: "link"; text: string; href: string };
export type Block = { kind: "heading"; text: string } | { kind: "paragraph"; lines: Inline[][] };

const SAFE_URL = /^(https?:\/\/|mailto:|\/(?!\/))/i;

export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m.index > last) out.push({ kind: "text", text: line.slice(last, m.index) });
    if (m[1]) out.push({ kind: "strong", text: m[1] });
    else if (m[2]) out.push({ kind: "em", text: m[2] });
    else if (m[3] && m[4]) out.push(SAFE_URL.test(m[4]) ? { kind: "link", text: m[3], href: m[4] } : { kind: "text", text: m[0] });
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push({ kind: "text", text: line.slice(last) });
  return out;
}

export function parseBlogText(text: string): Block[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk): Block => {
      const heading = /^#{1,3}\s+(.+)$/.exec(chunk);
      if (heading && !chunk.includes("\n")) return { kind: "heading", text: heading[1]! };
      return { kind: "paragraph", lines: chunk.split("\n").map(parseInline) };
    });
}

/** The words of blog text without its Markdown marks: for previews, descriptions and share tags. */
export function plainText(text: string): string {
  return parseBlogText(text)
    .map((block) => (block.kind === "heading" ? block.text : block.lines.map((line) => line.map((i) => i.text).join("")).join("\n")))
    .join("\n\n");
}
