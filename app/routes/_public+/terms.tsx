import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SiteTextPage } from "~/routes/_public+/__SiteTextPage";
import { siteTextPage } from "~/models/site-texts.server";

/** The academy's Terms of Service (/terms), for anyone, signed in or not: its text is edited in Admin → Site texts. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Terms of Service" }];

export async function loader() {
  return siteTextPage("terms");
}

export default function TermsPage() {
  return <SiteTextPage {...useLoaderData<typeof loader>()} />;
}
