import { forbidden } from "~/lib/errors";
import type { Capability } from "./capabilities";
import { canStaff } from "./capabilities";
import { canOpenAdmin, type Viewer } from "./policy";

/**
 * Who may act on a streamer's business (gigs, slots, orders, earnings, payouts, onboarding), docs/domain.md:
 * the streamer themself; for reads, also active staff holding the capability ADR 005 gives that area.
 * Every use case of the influencer features calls one of these before it reads or writes.
 */
function canManageBusiness(viewer: Viewer | null, streamerId: string): boolean {
  return !!viewer && viewer.isStreamer && viewer.id === streamerId;
}

function canReadBusiness(viewer: Viewer | null, streamerId: string, staffCapability?: Capability): boolean {
  if (canManageBusiness(viewer, streamerId)) return true;
  return !!viewer && !!staffCapability && canOpenAdmin(viewer) && canStaff(viewer.role, staffCapability);
}

export function assertManageBusiness(viewer: Viewer | null, streamerId: string): void {
  if (!canManageBusiness(viewer, streamerId)) throw forbidden("You can only manage your own business");
}

export function assertReadBusiness(viewer: Viewer | null, streamerId: string, staffCapability?: Capability): void {
  if (!canReadBusiness(viewer, streamerId, staffCapability)) throw forbidden("You can only see your own business");
}
