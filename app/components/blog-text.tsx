import { Fragment } from "react";
import { parseBlogText, type Inline } from "../lib/safe-markdown";

function InlineText({ parts }: { parts: Inline[] }) {
  return parts.map((p, i) =>
    p.kind === "strong" ? (
      <strong key={i}>{p.text}</strong>
    ) : p.kind === "em" ? (
      <em key={i}>{p.text}</em>
    ) : p.kind === "link" ? (
      <a key={i} href={p.href} className="text-rose underline" rel="noopener noreferrer">
        {p.text}
      </a>
    ) : (
      <Fragment key={i}>{p.text}</Fragment>
    ),
  );
}

/** A blog post's text with its paragraphs, from the safe Markdown subset (no raw HTML reaches the page). */
export function BlogText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`space-y-4 leading-relaxed ${className}`}>
      {parseBlogText(text).map((block, i) =>
        block.kind === "heading" ? (
          <h2 key={i} className="pt-2 text-2xl">
            {block.text}
          </h2>
        ) : (
          <p key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                <InlineText parts={line} />
              </Fragment>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
