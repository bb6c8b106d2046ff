import type { InputHTMLAttributes } from "react";
import { useEarlyInput } from "../../lib/early-input";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "checked" | "onChange"> & {
  checked: boolean;
  onPick: () => void;
};

/**
 * A radio button whose pick counts even when made before the page's script ran: the page takes it
 * up when the script takes over (lib/early-input), so what it prices and labels follows what she
 * sees checked, and what the form will send.
 */
export function Radio({ checked, disabled, onPick, ...input }: Props) {
  const radio = useEarlyInput<HTMLInputElement>((shown) => {
    if (shown.checked && !checked && !disabled) onPick();
  });
  return <input ref={radio} type="radio" checked={checked} disabled={disabled} onChange={onPick} {...input} />;
}
