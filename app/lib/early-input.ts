import { useEffect, useRef } from "react";

/**
 * A field she changed before the page's script ran. On a slow phone the page is on screen first:
 * she may pick her area or a way to pay, or type a card's message, at once. Hydration keeps what the field shows, but nothing
 * heard it change, so the page's state (prices, labels, the cookie that carries her area) would
 * not follow. `takeUp` is given the field once, when the script takes over, to set that state from
 * what it shows; on a page drawn by the script itself the field shows the state, and it does nothing.
 */
export function useEarlyInput<Field extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(takeUp: (field: Field) => void) {
  const field = useRef<Field>(null);
  useEffect(() => {
    if (field.current) takeUp(field.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the script takes over the page
  }, []);
  return field;
}
