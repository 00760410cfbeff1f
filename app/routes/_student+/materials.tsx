import { redirect } from "@remix-run/node";

/** An old or guessed address: the study materials live in the library. */
export function loader() {
  return redirect("/library?show=materials", 301);
}
