import { CONFIG_KEYS } from "~/features/configurations";
import { DocumentPage, pageToView } from "~/features/content";
import { getPage } from "~/features/content/index.server";
import { envOf, found } from "~/platform/http.server";
import type { Route } from "./+types/cancellation-policy";

export async function loader({ context }: Route.LoaderArgs) {
  return { document: pageToView(found(await getPage(envOf(context), CONFIG_KEYS.cancellationPolicy))) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.document.title ?? "Not found"} | Noobrd` },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DocumentPage document={loaderData.document} />;
}
