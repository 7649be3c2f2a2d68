import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { replyTo } from "~/routes/_lib/form.server";
import { attributesOf, readPage } from "../support/page";
import { request } from "./app";
import { api, bookingWorld, fan, purchase } from "./booking-world";

/**
 * A form's reply carries back exactly what was sent (issue 50): without JavaScript the page shows the form again from
 * it, and Conform's own reply turned an empty field into `undefined`, which the booking form then wrote into the empty
 * gamer-tag boxes as the word "undefined" (and a booking went through with it).
 */
function form(path: string, cookie: string, fields: [string, string][]) {
  return request(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

describe("replyTo", () => {
  const schema = z.object({ name: z.string().min(3), tags: z.array(z.string().min(1)), password: z.string() });

  it("keeps empty fields empty, one-item lists as lists, and leaves hidden fields and files out", () => {
    const data = new FormData();
    data.append("name", "");
    data.append("tags[0]", "Solo");
    data.append("group.first", "");
    data.append("group.second", "kept");
    data.append("password", "secret");
    data.append("picture", new File([], ""));
    const reply = replyTo(parseWithZod(data, { schema }), { hideFields: ["password"] });
    expect(reply.initialValue).toEqual({ name: "", tags: ["Solo"], group: { first: "", second: "kept" } });
    expect(reply.error?.name?.length).toBeGreaterThan(0);
  });

  it("keeps every item of a list with gaps, an empty one as an empty string", () => {
    const data = new FormData();
    data.append("tags[0]", "One");
    data.append("tags[1]", "");
    data.append("tags[2]", "Three");
    expect(replyTo(parseWithZod(data, { schema })).initialValue?.tags).toEqual(["One", "", "Three"]);
  });

  it("sends nothing back when the form is reset", () => {
    const data = new FormData();
    data.append("name", "abc");
    expect(replyTo(parseWithZod(data, { schema }), { resetForm: true }).initialValue).toBeNull();
  });
});

describe("the booking form's reply without JavaScript (/gig/:id)", () => {
  async function tagBoxes(response: Response) {
    const page = await readPage(response);
    return page.all('input[name^="multipleGamerTags["]').map((input) => attributesOf(input, "value")[0] ?? "");
  }

  it("keeps an empty gamer-tag box empty on Book and on Apply, and the error stands", async () => {
    const world = await bookingWorld({ seats: 4 });
    const buyer = await fan();
    const fields: [string, string][] = [
      ["slotId", world.slot.id],
      ["numberOfPlayers", "2"],
      ["multipleGamerTags[0]", "nyfan478086"],
      ["multipleGamerTags[1]", ""],
      ["multipleGamerTags[2]", ""],
      ["paymentMethod", "card"],
    ];
    const booked = await form(`/gig/${world.gig.id}`, buyer.cookie, fields);
    expect(booked.status).toBe(400);
    const bookedText = await booked.clone().text();
    expect(bookedText).toContain("Enter one gamer tag per player");
    expect(bookedText).not.toContain("undefined");
    expect((await tagBoxes(booked)).slice(0, 3)).toEqual(["nyfan478086", "", ""]);

    const applied = await form(`/gig/${world.gig.id}`, buyer.cookie, [
      ...fields,
      ["promoCode", "NOPE123"],
      ["intent", "apply-promo"],
    ]);
    expect(applied.status).toBe(400);
    const appliedText = await applied.clone().text();
    expect(appliedText).not.toContain("undefined");
    expect((await tagBoxes(applied)).slice(0, 3)).toEqual(["nyfan478086", "", ""]);
  });

  it("refuses 'undefined' (or 'null') as a gamer tag, from the page and from the API", async () => {
    const world = await bookingWorld({ seats: 4 });
    const buyer = await fan();
    const page = await form(`/gig/${world.gig.id}`, buyer.cookie, [
      ["slotId", world.slot.id],
      ["numberOfPlayers", "2"],
      ["multipleGamerTags[0]", "nyfan478086"],
      ["multipleGamerTags[1]", "undefined"],
      ["paymentMethod", "card"],
    ]);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Enter one gamer tag per player");
    const viaApi = await api(
      "/api/book-slot/create-order",
      buyer.cookie,
      purchase(world.slot.id, ["nyfan478086", " NULL "]),
    );
    expect(viaApi.status).toBe(400);
  });
});
