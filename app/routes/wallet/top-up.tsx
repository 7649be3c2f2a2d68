import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirectDocument, useNavigation } from "react-router";
import type { Viewer } from "~/features/access";
import { AuthCard, primaryButton } from "~/features/auth";
import { buyerCurrency } from "~/features/currency/index.server";
import { topupRangeMessage, topupSchema, topupUnits } from "~/features/payments";
import { startTopup } from "~/features/payments/index.server";
import { Field, inputClass } from "~/lib/ui/field";
import { envOf, publicOrigin } from "~/platform/http.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, signedIn } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/top-up";

export const meta = () => [{ title: "Top up your wallet | Noobrd" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, envOf(context));
  const currency = buyerCurrency(viewer);
  return { currency, limits: topupUnits(currency) };
}

/** /wallet/top-up: a wallet_topup order paid by card through the same checkout as bookings. */
export const action = pageAction({
  guard: signedIn,
  intents: {
    topup: {
      schema: ({ viewer }: { viewer: Viewer }) => topupSchema(buyerCurrency(viewer)),
      run: (value, { env, viewer, request }) => startTopup(env, viewer, value.amount * 100, publicOrigin(request, env)),
      success: (started) => redirectDocument(started.url, 303),
      // The refusal is the whole form's.
      shownFields: [],
    },
  },
  otherwise: "topup",
});

export default function TopUp({ loaderData, actionData }: Route.ComponentProps) {
  const { currency, limits } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "top-up",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: topupSchema(currency) }),
  });
  return (
    <AuthCard title="Top up your wallet">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-red-400">
            {form.errors.join(". ")}
          </p>
        ) : null}
        <Field label={`Amount (${currency})`} id={fields.amount.id} errors={fields.amount.errors}>
          <input
            {...getInputProps(fields.amount, { type: "number" })}
            min={limits.min}
            max={limits.max}
            step={1}
            className={inputClass}
          />
        </Field>
        <p className="text-sm text-zinc-400" data-testid="topup-range">
          Your wallet holds {currency === "INR" ? "rupees" : "dollars"}: {topupRangeMessage(currency).toLowerCase()}.
        </p>
        <button type="submit" className={primaryButton} disabled={navigation.state === "submitting"}>
          Pay by card
        </button>
      </Form>
    </AuthCard>
  );
}
