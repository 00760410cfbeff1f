import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { academy } from "~/lib/rules/academy";
import { AuthError, authenticator, homeFor, requireSignedOut, SignInBusy } from "~/models/auth.server";
import { useHydrated } from "~/lib/browser/hooks";
import { returnPathAfterSignIn, SIGNED_OUT_MID_TEST } from "~/lib/rules/redirects";
import { rememberDevice } from "~/lib/server/device-cookie.server";
import { createUserSession } from "~/models/session.server";
import { rethrowIfDatabaseTrouble } from "~/lib/server/db-errors.server";
import { LOGO_URL } from "~/lib/rules/brand";
import { typedSignInName } from "~/lib/schemas/auth-schemas";
import { signInNameOf } from "~/lib/rules/sign-in-name";
import { selfSignUpExamTypes } from "~/models/academy-settings.server";
import { SignUpChoices } from "~/routes/_auth+/__SignUpChoices";

export const meta: MetaFunction = () => [
  { title: `Sign in · ${academy.name}` },
  { name: "description", content: `Sign in to ${academy.name} to take timed English Literature mock tests for TET, SET, NET and TRB.` },
];

/** A sign-in turned away by the password queue keeps its Retry-After on the page's own response (no JavaScript). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  const out = new Headers();
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  // the exams a new student may choose (Admin → Academy settings); none: the academy assigns them
  return { openExamTypes: new URL(request.url).searchParams.get("mode") === "register" ? selfSignUpExamTypes() : [] };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireSignedOut(request);
  const form = await request.clone().formData();
  const mode = form.get("mode") === "register" ? "register" : "login";
  const values = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    examTypes: form.getAll("examTypes").map(String).slice(0, 50),
    joinCode: String(form.get("joinCode") ?? "").slice(0, 40),
  };
  try {
    const user = await authenticator.authenticate(mode, request);
    const signedIn = await createUserSession(user.id, returnPathAfterSignIn(form.get("redirectTo"), user.role, homeFor(user.role)));
    // this browser is now known for this account: its own sign-in allowance from here on
    signedIn.headers.append("Set-Cookie", await rememberDevice(request, typedSignInName(values.email) ?? signInNameOf(user)));
    return signedIn;
  } catch (error) {
    rethrowIfDatabaseTrouble(error);
    if (error instanceof Response) throw error;
    if (error instanceof SignInBusy) {
      // a sign-in wave: come back in a moment (the page does so on its own); nothing was counted
      const retryAfter = error.retryAfterSeconds;
      return data({ error: error.message, mode, values, retryAfter }, { status: 503, headers: { "Retry-After": String(retryAfter) } });
    }
    const fallback = mode === "register" ? "Authentication failed" : "Login failed";
    const message = error instanceof AuthError && error.message ? error.message : fallback;
    if (!(error instanceof AuthError)) console.error("sign-in failed", error);
    return data({ error: message, mode, values, retryAfter: null }, { status: 400 });
  }
}

export default function Login() {
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const mode = params.get("mode") === "register" ? "register" : "login";
  const error = actionData && actionData.mode === mode ? actionData.error : null;
  const values = actionData && actionData.mode === mode ? actionData.values : { name: "", email: "", examTypes: [] as string[], joinCode: "" };
  const { openExamTypes } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hydrated = useHydrated();
  const [showPassword, setShowPassword] = useState(false);
  const retryAfter = actionData && actionData.mode === mode ? actionData.retryAfter : null;
  useRetrySignIn(retryAfter, actionData);

  const isRegister = mode === "register";
  const redirectTo = params.get("redirectTo");
  const keep = redirectTo ? `redirectTo=${encodeURIComponent(redirectTo)}` : "";

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white px-4 py-10">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          ← Home
        </Link>
        <div className="card p-6 sm:p-8">
          <div className="mb-6 text-center">
            <img src={LOGO_URL} alt="" width={48} height={48} className="mx-auto mb-3 h-12 w-12" />
            <h1 className="text-2xl font-bold">{isRegister ? "Create Account" : "Welcome Back"}</h1>
            <p className="mt-1 text-sm text-slate-600">{isRegister ? `Join ${academy.name} and start practising` : "Sign in to continue your preparation"}</p>
          </div>

          {params.get("ended") === "test" && !error ? (
            <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="ended-mid-test">
              {SIGNED_OUT_MID_TEST}
            </p>
          ) : null}
          {error ? (
            <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
              {retryAfter && hydrated ? <span className="block">Trying again for you in a few seconds…</span> : null}
            </div>
          ) : null}

          <Form method="post" className="space-y-4" key={mode} noValidate id="sign-in-form">
            <input type="hidden" name="mode" value={mode} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            {isRegister ? (
              <div>
                <label htmlFor="name" className="label">
                  Full Name
                </label>
                <input id="name" name="name" type="text" autoComplete="name" className="input" defaultValue={values.name} />
              </div>
            ) : null}
            <div>
              <label htmlFor="email" className="label">
                Email Address
              </label>
              {isRegister ? (
                <input id="email" name="email" type="email" autoComplete="email" className="input" defaultValue={values.email} />
              ) : (
                <>
                  <input
                    id="email"
                    name="email"
                    type="text"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    className="input"
                    aria-describedby="sign-in-name-hint"
                    defaultValue={values.email}
                  />
                  <p id="sign-in-name-hint" className="mt-1 text-xs text-slate-500">
                    No e-mail? Use the roll number or phone number your academy registered you with.
                  </p>
                </>
              )}
            </div>
            <div>
              <label htmlFor="password" className="label">
                Password
              </label>
              <div className="relative">
                <input
                  id="password"
                  name="password"
                  type={showPassword ? "text" : "password"}
                  autoComplete={isRegister ? "new-password" : "current-password"}
                  className="input pr-16"
                />
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => setShowPassword((v) => !v)}
                    className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700"
                    aria-label={showPassword ? "Hide password" : "Show password"}
                    aria-pressed={showPassword}
                  >
                    {showPassword ? "Hide" : "Show"}
                  </button>
                ) : null}
              </div>
            </div>
            {isRegister ? <SignUpChoices openExamTypes={openExamTypes} chosen={values.examTypes} joinCode={values.joinCode} /> : null}
            <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
              {isRegister ? (busy ? "Creating Account..." : "Create Account") : busy ? "Signing in..." : "Sign In"}
            </button>
          </Form>

          <p className="mt-5 text-center text-sm text-slate-600">
            {isRegister ? (
              <>
                Already have an account?{" "}
                <Link to={`/login${keep ? `?${keep}` : ""}`} className="font-semibold text-brand-700 hover:underline">
                  Sign in
                </Link>
              </>
            ) : (
              <>
                Don't have an account?{" "}
                <Link to={`/login?mode=register${keep ? `&${keep}` : ""}`} className="font-semibold text-brand-700 hover:underline">
                  Sign up
                </Link>
              </>
            )}
          </p>
          {isRegister ? null : (
            <p className="mt-3 text-center text-sm">
              <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
                Forgot your password?
              </Link>
            </p>
          )}
          <p className="mt-4 text-center text-xs text-slate-500">
            By continuing, you agree to our{" "}
            <Link to="/terms" className="font-medium text-brand-700 underline">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link to="/privacy" className="font-medium text-brand-700 underline">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </div>
    </main>
  );
}

/**
 * Sign-in was turned away because many students are signing in at once (503 + Retry-After): the page
 * sends the same form again after that wait, with a little jitter so a crowd does not return together.
 */
function useRetrySignIn(retryAfter: number | null, answer: unknown) {
  const submit = useSubmit();
  const lastAnswer = useRef<unknown>(null);
  useEffect(() => {
    if (!retryAfter || lastAnswer.current === answer) return;
    lastAnswer.current = answer;
    const timer = setTimeout(
      () => {
        const form = document.getElementById("sign-in-form");
        if (form instanceof HTMLFormElement) submit(form);
      },
      // up to twice the wait: a crowd told "come back in 5 s" comes back spread over 5-10 s
      retryAfter * 1000 * (1 + Math.random()),
    );
    return () => clearTimeout(timer);
  }, [retryAfter, answer, submit]);
}
