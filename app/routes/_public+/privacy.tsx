import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SiteTextPage } from "~/components/site/SiteTextPage";
import { siteText } from "~/models/site-texts.server";

/** The academy's Privacy Policy (/privacy), for anyone, signed in or not: its text is edited in Admin → Site texts. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Privacy Policy" }];

export async function loader() {
  const { title, body } = siteText("privacy");
  return { title, body };
}

export default function PrivacyPage() {
  const { title, body } = useLoaderData<typeof loader>();
  return <SiteTextPage title={title} body={body} />;
}
