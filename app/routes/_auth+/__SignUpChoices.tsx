/** At sign-up: the exams the academy opens to self sign-up (if any), and a batch's join code (optional). */
export function SignUpChoices({
  openExamTypes,
  chosen,
  joinCode,
}: {
  openExamTypes: Array<{ value: string; label: string }>;
  chosen: string[];
  joinCode: string;
}) {
  return (
    <>
      {openExamTypes.length ? (
        <fieldset>
          <legend className="label">Which exams are you preparing for?</legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            {openExamTypes.map((t) => (
              <label key={t.value} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="examTypes" value={t.value} defaultChecked={chosen.includes(t.value)} />
                {t.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div>
        <label htmlFor="joinCode" className="label">
          Join code <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id="joinCode"
          name="joinCode"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          className="input uppercase"
          aria-describedby="join-code-hint"
          defaultValue={joinCode}
        />
        <p id="join-code-hint" className="mt-1 text-xs text-slate-500">
          Your teacher may give your batch a code: type it to join the batch and see its tests.
        </p>
      </div>
    </>
  );
}
