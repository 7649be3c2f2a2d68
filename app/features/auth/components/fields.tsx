import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field, inputClass } from "~/lib/ui/field";

/** The account forms' repeated inputs: a password, an email and a 6-digit code, each labelled with its errors. */
export function PasswordField({
  field,
  label,
  autoComplete,
}: {
  field: FieldMetadata<string>;
  label: string;
  autoComplete: "current-password" | "new-password";
}) {
  return (
    <Field label={label} id={field.id} errors={field.errors}>
      <input {...getInputProps(field, { type: "password" })} autoComplete={autoComplete} className={inputClass} />
    </Field>
  );
}

export function EmailField({ field, label = "Email" }: { field: FieldMetadata<string>; label?: string }) {
  return (
    <Field label={label} id={field.id} errors={field.errors}>
      <input {...getInputProps(field, { type: "email" })} autoComplete="email" className={inputClass} />
    </Field>
  );
}

export function CodeField({ field, label }: { field: FieldMetadata<string>; label: string }) {
  return (
    <Field label={label} id={field.id} errors={field.errors}>
      <input
        {...getInputProps(field, { type: "text" })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className={`${inputClass} tracking-[0.5em]`}
      />
    </Field>
  );
}
