import { z } from "~/lib/zod";

/** The close-account form: the password, or the emailed code with its screen's handle. */
export const closeAccountSchema = z.union([
  z.object({
    password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(200),
  }),
  z.object({
    handle: z.string().min(1).max(64),
    code: z
      .string({ error: "Please enter the code we emailed you" })
      .regex(/^\d{6}$/, "The code is the 6 digits we emailed you"),
  }),
]);
