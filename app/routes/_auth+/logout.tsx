import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroySessionHeaders } from "~/models/session.server";

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/", { headers: await destroySessionHeaders(request) });
}

export async function loader() {
  return redirect("/");
}
