import { UserMinus } from "lucide-react";
import { fullName } from "../../../modules/accounts/types";
import { ConfirmedRowButton } from "./delete-button";

/** docs/product.md "The team": a row's Remove, which names her and says what she loses before it posts. */
export function RemoveFromTeamButton({ member }: { member: { id: string; firstName: string; lastName: string } }) {
  const name = fullName(member);
  return (
    <ConfirmedRowButton
      id={member.id}
      label={`Remove ${name} from the team`}
      confirmText={`Remove ${name} from the team? They will no longer be able to sign in to the back office.`}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-rose hover:bg-blush disabled:opacity-50"
    >
      <UserMinus size={16} aria-hidden="true" /> Remove
    </ConfirmedRowButton>
  );
}
