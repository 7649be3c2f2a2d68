import { redirectToSchema } from "~/features/auth";
import { z } from "~/lib/zod";
import { FAVOURITE_KINDS } from "./kinds";

const id = z
  .string({ error: "id is required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "id is not a valid id");

/** The JSON API body: { id }. */
export const favouriteApiSchema = z.object({ id });

/** The plain form of a favourite button (works without JavaScript). */
export const favouriteFormSchema = z.object({
  kind: z.enum(FAVOURITE_KINDS, { error: "kind must be gig, star or game" }),
  id,
  intent: z.enum(["add", "remove"], { error: "intent must be add or remove" }),
  redirectTo: redirectToSchema,
});
