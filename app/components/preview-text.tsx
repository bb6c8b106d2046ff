/**
 * The first `length` characters, then ' . . .' when the text is longer (docs/product.md §9
 * previews). The three dots stay together: on a 360 px card the last one used to wrap onto a line
 * of its own.
 */
export function PreviewText({ text, length }: { text: string; length: number }) {
  if (text.length <= length) return text;
  return (
    <>
      {`${text.slice(0, length)} `}
      <span className="whitespace-nowrap">. . .</span>
    </>
  );
}
