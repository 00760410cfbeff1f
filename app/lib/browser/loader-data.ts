import type { useLoaderData } from "@remix-run/react";

/**
 * What a route's loader gives its page once serialized (what `useLoaderData<typeof loader>()` returns), for
 * components and client loaders outside the route's own component. Spelled through `useLoaderData`, which
 * React Router v7 keeps, not Remix's `SerializeFrom`, which it removed (docs/decisions/0001).
 */
export type LoaderData<Loader> = ReturnType<typeof useLoaderData<Loader>>;
