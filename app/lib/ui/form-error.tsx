/** A page form's refusal, read out when it appears (the fan's order pages: cancel, change time, answer an offer). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-400">
      {message}
    </p>
  );
}
