import { DocumentPage } from "~/features/content";
import { getLegalDocument } from "~/features/content/index.server";
import { envOf, found } from "~/platform/http.server";
import type { Route } from "./+types/privacy-policy";

export async function loader({ context }: Route.LoaderArgs) {
  return { document: found(await getLegalDocument(envOf(context), "mainPrivacyPolicy")) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.document.title ?? "Not found"} | Noobrd` },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DocumentPage document={loaderData.document} />;
}
