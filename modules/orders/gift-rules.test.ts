import { describe, expect, it } from "vitest";
import { deliveryDayOf, giftForBuyer, lagosDay, mayContactRecipient, senderFor } from "./gift-rules";
import { GIFT_MESSAGE_MAX, readGift } from "./gift-schemas";

// docs/product.md "Gift orders": the rules a gift order's mails, papers and pages read.

const gift = { isGift: true, surpriseMode: true, status: "shipped" };

describe("mayContactRecipient", () => {
  it("outside surprise mode: yes, at any time; not a gift: there is nobody to contact", () => {
    expect(mayContactRecipient({ ...gift, surpriseMode: false, status: "completed" }, new Date())).toBe(true);
    expect(mayContactRecipient({ ...gift, isGift: false, surpriseMode: false }, new Date())).toBe(false);
  });

  it("in surprise mode without a delivery day: only once delivered", () => {
    for (const status of ["pending", "completed", "processing", "shipped"])
      expect(mayContactRecipient({ ...gift, status }, new Date())).toBe(false);
    expect(mayContactRecipient({ ...gift, status: "delivered" }, new Date())).toBe(true);
  });

  it("in surprise mode with a delivery day: from its first minute in Lagos (UTC+1), never the evening before", () => {
    const order = { ...gift, deliveryDate: "2027-02-14" };
    expect(mayContactRecipient(order, new Date("2027-02-13T22:59:59Z"))).toBe(false);
    expect(mayContactRecipient(order, new Date("2027-02-13T23:00:00Z"))).toBe(true);
    expect(mayContactRecipient(order, new Date("2027-02-15T10:00:00Z"))).toBe(true);
  });

  it("reads the order's delivery day when it carries one, as a day or an instant", () => {
    expect(deliveryDayOf({ deliveryDate: "2027-02-14" })).toBe("2027-02-14");
    expect(deliveryDayOf({ deliveryDate: new Date("2027-02-13T23:30:00Z") })).toBe("2027-02-14");
    expect(deliveryDayOf({})).toBeNull();
    expect(lagosDay(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });
});

describe("what the recipient and the buyer see", () => {
  it("anonymous: the recipient never reads the buyer's name", () => {
    expect(senderFor({ anonymousSender: true, firstName: "Ada", lastName: "Obi" })).toBe("Someone who cares about you");
    expect(senderFor({ anonymousSender: false, firstName: "Ada", lastName: "Obi" })).toBe("Ada Obi");
  });

  it("the buyer's view: area only leaves out the street, city and the recipient's phone; full shows all", () => {
    const order = {
      street: "5 Fola Osibo Road",
      city: "Lekki",
      address: "5 Fola Osibo Road, Lekki, Lagos",
      gift: {
        recipientName: "Kemi",
        recipientPhone: "+2348091112233",
        recipientEmail: null,
        message: null,
        anonymousSender: false,
        hidePrices: false,
        surpriseMode: false,
        addressPrivate: false,
        remindOn: null,
        remindYearly: false,
        remindedOn: null,
      },
    };
    expect(giftForBuyer(order, "area")).toEqual({ street: "", city: "", address: "", gift: { ...order.gift, recipientPhone: null } });
    expect(giftForBuyer(order, "full")).toBe(order);
    expect(giftForBuyer({ ...order, gift: null }, "area").street).toBe("5 Fola Osibo Road");
  });

  it("shows a gift sent to the address on her wish list by her name and area only, whatever the setting", () => {
    const order = {
      street: "5 Fola Osibo Road",
      city: "Lekki",
      address: "5 Fola Osibo Road, Lekki, Lagos",
      gift: {
        recipientName: "Kemi",
        recipientPhone: "+2348091112233",
        recipientEmail: "kemi@example.ng",
        message: "Happy birthday",
        anonymousSender: false,
        hidePrices: false,
        surpriseMode: false,
        addressPrivate: true,
        remindOn: null,
        remindYearly: false,
        remindedOn: null,
      },
    };
    const hidden = {
      street: "",
      city: "",
      address: "",
      gift: { ...order.gift, recipientName: "Kemi", recipientPhone: null, recipientEmail: null },
    };
    expect(giftForBuyer(order, "full")).toEqual(hidden);
    expect(giftForBuyer(order, "area")).toEqual(hidden);
  });
});

describe("readGift", () => {
  it("ignores the gift's fields when the order is not a gift", () => {
    expect(readGift({ isGift: false, recipientName: "", recipientPhone: "nope" })).toEqual({ gift: null, problems: {} });
  });

  it(`keeps a message of ${GIFT_MESSAGE_MAX} characters, line breaks counted once, and refuses one more`, () => {
    const base = { isGift: true, recipientName: "Kemi Ade", recipientPhone: "08091112233" };
    const ok = readGift({ ...base, giftMessage: `${"a".repeat(100)}\r\n${"b".repeat(149)}` });
    expect(ok.gift?.giftMessage?.length).toBe(GIFT_MESSAGE_MAX);
    expect(readGift({ ...base, giftMessage: "c".repeat(GIFT_MESSAGE_MAX + 1) }).problems).toEqual({
      giftMessage: "The gift message must be at most 250 characters (it has 251)",
    });
  });
});
