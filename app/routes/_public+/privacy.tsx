import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SiteTextPage } from "~/routes/_public+/__SiteTextPage";
import { siteTextPage } from "~/models/site-texts.server";

/** The academy's Privacy Policy (/privacy), for anyone, signed in or not: its text is edited in Admin → Site texts. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Privacy Policy" }];

export async function loader() {
  return siteTextPage("privacy");
}

export default function PrivacyPage() {
  return <SiteTextPage {...useLoaderData<typeof loader>()} />;
}
