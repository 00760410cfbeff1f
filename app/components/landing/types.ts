import type { useLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_public+/index";

/** The landing page's loader data, as its sections receive it. */
export type LandingData = ReturnType<typeof useLoaderData<typeof loader>>;
