import { CONFIG_KEYS } from "~/features/configurations/schema";
import { DocumentPage } from "~/features/content/components/document-page";
import { getPage } from "~/features/content/content.server";
import { pageToView } from "~/features/content/legal";
import { envOf, found } from "~/platform/http.server";
import type { Route } from "./+types/about-us";

export async function loader({ context }: Route.LoaderArgs) {
  return { document: pageToView(found(await getPage(envOf(context), CONFIG_KEYS.aboutUs))) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.document.title ?? "Not found"} | Noobrd` },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DocumentPage document={loaderData.document} />;
}
