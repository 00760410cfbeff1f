import { Form, useNavigation } from "@remix-run/react";

/**
 * A batch's join code, typed by a signed-in student (their dashboard while no exam is assigned, My account). The
 * server checks it with `joinCodeSchema`; the form itself ships no zod or Conform, as the sign-in form does: the
 * dashboard is the page students load most.
 */
export function JoinCodeForm({ error, action }: { error?: string | null; action?: string }) {
  const navigation = useNavigation();
  const joining = navigation.state === "submitting" && navigation.formData?.get("intent") === "join";
  return (
    <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
      <div className="min-w-[10rem] flex-1">
        <label htmlFor="join-code" className="label">
          Join code
        </label>
        <input
          id="join-code"
          name="joinCode"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder="K7QH3MXP"
          className="input uppercase"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "join-code-error" : undefined}
        />
        {error ? (
          <p id="join-code-error" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" name="intent" value="join" className="btn-primary" disabled={joining}>
        {joining ? "Joining..." : "Join Batch"}
      </button>
    </Form>
  );
}
