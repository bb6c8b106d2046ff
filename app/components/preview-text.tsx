/** The longest word kept on the dots' line; a longer one wraps on its own (it may not fit a narrow card). */
const WORD_MAX = 12;

/**
 * The first `length` characters, then ' . . .' when the text is longer (docs/product.md §9
 * previews). The three dots stay together, and with them the word the cut ends in: on a 360 px
 * card the last dot used to wrap onto a line of its own, and on a 1280 px grid all three did.
 */
export function PreviewText({ text, length }: { text: string; length: number }) {
  if (text.length <= length) return text;
  const shown = text.slice(0, length);
  // where the last word starts (a cut just after a word keeps that word, and the space, with the dots)
  const wordStart = shown.trimEnd().lastIndexOf(" ") + 1;
  const last = wordStart > 0 && shown.trimEnd().length - wordStart <= WORD_MAX ? wordStart : length;
  return (
    <>
      {last < length ? shown.slice(0, last) : `${shown} `}
      <span className="whitespace-nowrap">{last < length ? `${shown.slice(last)} . . .` : ". . ."}</span>
    </>
  );
}
