import { DAY, type PromoRef, type Row, type SeedContext } from "../shared";
import type { SeedDemoStaffOut, SeedStreamersOut } from "./people";

/** Promo codes (platform-wide and per streamer) and their redemptions. */

/** Seed: promo codes. */
export function seedPromoCodes(
  ctx: SeedContext,
  deps: Pick<SeedDemoStaffOut, "adminId"> & Pick<SeedStreamersOut, "demoStreamer" | "otherStreamers">,
) {
  const { rnd, now, large, data, at, nextId } = ctx;
  const { adminId, demoStreamer, otherStreamers } = deps;
  const promos: PromoRef[] = [];
  const addPromo = (row: Omit<Row<"promoCodes">, "id" | "createdAt" | "updatedAt">, createdAt: number) => {
    const ref: PromoRef = {
      row: { id: nextId.promo(), ...row, createdAt: at(createdAt), updatedAt: at(createdAt) },
      uses: 0,
      usedBy: new Set(),
    };
    data.promoCodes.push(ref.row);
    promos.push(ref);
    return ref;
  };
  const welcome = addPromo(
    {
      code: "WELCOME10",
      description: "10% off a first booking",
      kind: "percent",
      value: 1000,
      currency: null,
      expiresAt: at(now + 180 * DAY),
      maxUses: large ? null : 500,
      maxUsesPerUser: 1,
      streamerId: null,
      isActive: true,
      createdBy: adminId,
    },
    now - 120 * DAY,
  );
  addPromo(
    {
      code: "FIVEOFF",
      description: "$5 off any booking over $20",
      kind: "fixed",
      value: 500,
      currency: "USD",
      expiresAt: at(now + 60 * DAY),
      maxUses: 200,
      maxUsesPerUser: 2,
      streamerId: null,
      isActive: true,
      createdBy: adminId,
    },
    now - 20 * DAY,
  );
  // A fixed code applies to orders in its own currency (docs/decisions/020): rupee buyers get their own.
  addPromo(
    {
      code: "FIFTYOFF",
      description: "₹50 off any booking paid in rupees",
      kind: "fixed",
      value: 5000,
      currency: "INR",
      expiresAt: at(now + 60 * DAY),
      maxUses: 200,
      maxUsesPerUser: 2,
      streamerId: null,
      isActive: true,
      createdBy: adminId,
    },
    now - 20 * DAY,
  );
  addPromo(
    {
      code: "SUMMERSLAM",
      description: "Summer event, expired",
      kind: "percent",
      value: 2000,
      currency: null,
      expiresAt: at(now - 60 * DAY),
      maxUses: 100,
      maxUsesPerUser: 1,
      streamerId: null,
      isActive: true,
      createdBy: adminId,
    },
    now - 150 * DAY,
  );
  addPromo(
    {
      code: "BETATESTERS",
      description: "Closed beta thank-you, switched off",
      kind: "percent",
      value: 5000,
      currency: null,
      expiresAt: null,
      maxUses: 50,
      maxUsesPerUser: 1,
      streamerId: null,
      isActive: false,
      createdBy: adminId,
    },
    now - 300 * DAY,
  );
  const demoStarPromo = addPromo(
    {
      code: "DEMOSTAR15",
      description: "15% off DemoStar's gigs",
      kind: "percent",
      value: 1500,
      currency: null,
      expiresAt: at(now + 90 * DAY),
      maxUses: null,
      maxUsesPerUser: 3,
      streamerId: demoStreamer.id,
      isActive: true,
      createdBy: demoStreamer.id,
    },
    now - 45 * DAY,
  );
  for (const streamer of rnd.sample(otherStreamers, Math.min(otherStreamers.length, large ? 50 : 5))) {
    addPromo(
      {
        code: `${streamer.handle
          .toUpperCase()
          .replaceAll(/[^A-Z0-9]/g, "")
          .slice(0, 24)}${rnd.pick([10, 15, 20])}`,
        description: `${streamer.handle}'s community code`,
        kind: "percent",
        value: rnd.pick([1000, 1500, 2000]),
        currency: null,
        expiresAt: at(now + rnd.int(10, 120) * DAY),
        maxUses: rnd.pick([50, 100, null]),
        maxUsesPerUser: 1,
        streamerId: streamer.id,
        isActive: true,
        createdBy: streamer.id,
      },
      now - rnd.int(40, 90) * DAY,
    );
  }
  return { welcome, demoStarPromo };
}
export type SeedPromoCodesOut = ReturnType<typeof seedPromoCodes>;
