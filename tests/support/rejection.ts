import { AppError } from "~/lib/errors";

/** The AppError a use case refused with; fails the test when the promise resolved or threw anything else. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}
