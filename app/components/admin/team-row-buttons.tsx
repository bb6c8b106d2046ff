import { UserCog, UserMinus } from "lucide-react";
import { teamRoleLabel, type TeamRole } from "../../../modules/accounts/roles";
import { fullName } from "../../../modules/accounts/types";
import { ConfirmedRowButton } from "./delete-button";

type Member = { id: string; firstName: string; lastName: string; role: string };
const rowButton = "inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold hover:bg-blush disabled:opacity-50";

/** docs/product.md "The team": a row's Remove, which names her and says what she loses before it posts. */
export function RemoveFromTeamButton({ member }: { member: Member }) {
  const name = fullName(member);
  return (
    <ConfirmedRowButton
      id={member.id}
      label={`Remove ${name} from the team`}
      confirmText={`Remove ${name} from the team? They will no longer be able to sign in to the back office.`}
      className={`${rowButton} text-rose`}
    >
      <UserMinus size={16} aria-hidden="true" /> Remove
    </ConfirmedRowButton>
  );
}

const change: Record<TeamRole, { to: TeamRole; button: string; confirm: (name: string) => string }> = {
  admin: {
    to: "staff",
    button: "Make staff",
    confirm: (name) =>
      `Make ${name} staff? They will no longer see the month's money, refund, or change discount codes, delivery prices, the settings or the team.`,
  },
  staff: {
    to: "admin",
    button: "Make owner",
    confirm: (name) => `Make ${name} an owner? They will be able to do everything, refunds, settings and the team included.`,
  },
};

/** A row's role change: an owner becomes staff, staff an owner (modules/accounts/roles.ts). */
export function TeamRoleButton({ member }: { member: Member & { role: TeamRole } }) {
  const name = fullName(member);
  const { to, button, confirm } = change[member.role];
  return (
    <ConfirmedRowButton
      id={member.id}
      fields={{ role: to }}
      label={`Make ${name} ${teamRoleLabel[to].toLowerCase()}`}
      confirmText={confirm(name)}
      className={`${rowButton} text-sage`}
    >
      <UserCog size={16} aria-hidden="true" /> {button}
    </ConfirmedRowButton>
  );
}
