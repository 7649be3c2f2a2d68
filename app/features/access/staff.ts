import { forbidden, unauthorized } from "~/lib/errors";
import { type Capability, canStaff, staffRefusal } from "./capabilities";
import { canOpenAdmin, type StaffRole, type Viewer } from "./policy";

export type StaffViewer = Viewer & { role: StaffRole };

/**
 * The check every admin use case makes first, before it reads or writes (docs/decisions/005): the viewer is
 * active staff whose role holds the capability. Nobody -> 401; anyone else (a fan, a streamer, inactive
 * staff, staff without the capability) -> 403. The guards in the routes check the same table; this makes the
 * use case safe whichever door calls it.
 */
export function assertStaff(viewer: Viewer | null, capability: Capability): asserts viewer is StaffViewer {
  if (!viewer) throw unauthorized();
  if (!canOpenAdmin(viewer)) throw forbidden("Your staff role does not allow this.");
  if (!canStaff(viewer.role, capability)) throw forbidden(staffRefusal(viewer.role, capability));
}
