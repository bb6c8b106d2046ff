import type { OutgoingMail } from "../mail/outbox.server";

// The words of the account mails, kept apart from the rules that send them. They are sent from the
// shop's address, so they hold only the shop's own words: never a name or other text a visitor typed
// (anyone can register with someone else's email and put a message in the name fields).
export function welcomeMail(user: { email: string }, shopUrl: string): OutgoingMail {
  return {
    kind: "welcome",
    to: user.email,
    subject: "Welcome to Alafia Self-Care",
    text: [
      "Hello,",
      "",
      "Welcome to Alafia Self-Care. Your account is ready: you can keep a cart, check out faster and follow your orders.",
      "",
      `Visit the shop: ${shopUrl}/`,
      "",
      "If you did not create this account, write to us by replying to this mail and we will close it.",
      "",
      "Take a breath, take care of you.",
      "Alafia Self-Care",
    ].join("\n"),
  };
}

export function resetMail(user: { email: string }, link: string): OutgoingMail {
  return {
    kind: "password_reset",
    to: user.email,
    subject: "Reset your Alafia Self-Care password",
    text: [
      "Hello,",
      "",
      "Someone (hopefully you) asked to reset the password of your Alafia Self-Care account.",
      "Open this link within 1 hour to choose a new password. It works once.",
      "",
      link,
      "",
      "If you did not ask for this, ignore this mail: your password stays as it is.",
      "Alafia Self-Care",
    ].join("\n"),
  };
}

/** 'Save my details' at checkout: the account exists, she sets its password. */
export function accountReadyMail(user: { email: string }, link: string): OutgoingMail {
  return {
    kind: "account_ready",
    to: user.email,
    subject: "Your Alafia Self-Care account is ready: set your password",
    text: [
      "Hello,",
      "",
      "You asked us to save your details with your order. Your account is ready, with your order in it.",
      "Open this link within 7 days to choose a password. It works once.",
      "",
      link,
      "",
      "If you did not ask for an account, ignore this mail: nobody can sign in to it without this link.",
      "Alafia Self-Care",
    ].join("\n"),
  };
}

/**
 * Orders bought as a guest with this email wait for the account: the link proves the email is hers,
 * once she is logged in to that account. Anyone can sign up with someone else's email, so the mail
 * says an account was made and that she may ignore it.
 */
export function proveEmailMail(user: { email: string }, link: string): OutgoingMail {
  return {
    kind: "prove_email",
    to: user.email,
    subject: "See your Alafia Self-Care orders in your account",
    text: [
      "Hello,",
      "",
      "An account was created at Alafia Self-Care with this email address. There are orders bought with this address without logging in.",
      "If the account is yours, log in to that account and open this link within 7 days: the orders will appear in My orders.",
      "",
      link,
      "",
      "If you did not create it, ignore this mail: your orders stay out of that account.",
      "Alafia Self-Care",
    ].join("\n"),
  };
}

/**
 * docs/product.md "The team": every owner hears of a change to the team, in the same transaction as
 * the change, so an owner's account used by someone else (or a co-owner's slip) does not go unseen.
 */
export function teamChangeMail(
  owner: { email: string },
  change: { member: { firstName: string; lastName: string; email: string }; what: string; by: { firstName: string; lastName: string } },
  shopUrl: string,
): OutgoingMail {
  const member = `${change.member.firstName} ${change.member.lastName} (${change.member.email})`;
  return {
    kind: "team_change",
    to: owner.email,
    subject: `Alafia Self-Care team: ${change.member.firstName} ${change.member.lastName} ${change.what}`,
    text: [
      "Hello,",
      "",
      `${member} ${change.what} by ${change.by.firstName} ${change.by.lastName}.`,
      "",
      `The team: ${shopUrl}/teamtable`,
      "",
      "If nobody on the team made this change, sign in, change your password and check the team.",
      "Alafia Self-Care",
    ].join("\n"),
  };
}
