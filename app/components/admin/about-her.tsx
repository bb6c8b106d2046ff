/** The team's note about a customer on a list's card (docs/product.md "Notes about a customer"), when there is one. */
export function AboutHer({ note, testId }: { note: string | null; testId: string }) {
  if (!note) return null;
  return (
    <p className="mt-1 whitespace-pre-line text-sm" data-testid={testId}>
      <span className="font-semibold">About her:</span> {note}
    </p>
  );
}
