import { redirect } from "@remix-run/node";

/** Every path the route table does not name goes to /login (spec section 2). */
export async function loader() {
  return redirect("/login");
}

export async function action() {
  return redirect("/login");
}
