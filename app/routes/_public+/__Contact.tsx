import type { AcademyContactShown } from "~/routes/_public+/__landing-types";
// The landing page's contact form: checked in the page, then the visitor's mail client opens (no server call).
import type { ContactRefusal } from "~/routes/_public+/__landing-types";
import { Form, useActionData } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { academy } from "~/lib/rules/academy";
import { checkContact, contactMailto } from "~/lib/rules/contact-rules";

type ContactState = "idle" | "sending" | "success" | "error";

export function Contact({ contact }: { contact: AcademyContactShown }) {
  const actionData = useActionData<ContactRefusal>();
  const serverError = actionData && "contactError" in actionData ? actionData.contactError : null;
  const values = (actionData && "values" in actionData ? actionData.values : {}) as Record<string, string>;
  const [state, setState] = useState<ContactState>("idle");
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (state !== "success") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = checkContact(Object.fromEntries(new FormData(e.currentTarget)));
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    setState("sending");
    try {
      window.location.href = contactMailto(contact.email, checked.value);
      setState("success");
      formRef.current?.reset();
    } catch {
      setState("error");
    }
  }

  const shownError = error ?? serverError;
  return (
    <section id="contact" className="scroll-mt-16 bg-white py-14">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 md:grid-cols-[1fr_1.4fr]">
        <div>
          <h2 className="text-3xl font-bold">Contact Us</h2>
          <p className="mt-3 text-slate-700">Questions about batches, fees or tests? Write to us and we will get back within a day.</p>
          <dl className="mt-6 space-y-3 text-slate-700">
            <div>
              <dt className="text-sm font-semibold text-slate-500">Phone</dt>
              <dd>
                <a href={`tel:${contact.phone.replace(/\s/g, "")}`} className="hover:underline">
                  {contact.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-500">Email</dt>
              <dd>
                <a href={`mailto:${contact.email}`} className="hover:underline">
                  {contact.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-500">Address</dt>
              <dd>{contact.address}</dd>
            </div>
          </dl>
          <ul className="mt-6 flex gap-3">
            {academy.social.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className="btn-secondary px-3 py-1.5">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <Form
          method="post"
          action="/?index#contact-form"
          id="contact-form"
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="card scroll-mt-20 space-y-4 p-5"
          aria-label="Contact form"
        >
          {state === "success" ? (
            <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-800">
              <p className="font-semibold">Message sent successfully!</p>
              <p>Your email client should open with the message ready to send.</p>
            </div>
          ) : null}
          {state === "error" ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              <p className="font-semibold">Error sending message</p>
              <p>Please try again or contact us directly.</p>
            </div>
          ) : null}
          {shownError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {shownError}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="firstName" label="First Name" defaultValue={values.firstName} autoComplete="given-name" />
            <Field name="lastName" label="Last Name" defaultValue={values.lastName} autoComplete="family-name" />
          </div>
          <Field name="email" label="Email" type="email" defaultValue={values.email} autoComplete="email" />
          <Field name="subject" label="Subject" defaultValue={values.subject} />
          <div>
            <label htmlFor="message" className="label">
              Message
            </label>
            <textarea id="message" name="message" rows={5} className="input" defaultValue={values.message} maxLength={5000} />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={state === "sending"}>
            {state === "sending" ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
    </section>
  );
}

function Field({
  name,
  label,
  type = "text",
  defaultValue,
  autoComplete,
}: {
  name: string;
  label: string;
  type?: string;
  defaultValue?: string;
  autoComplete?: string;
}) {
  return (
    <div>
      <label htmlFor={name} className="label">
        {label}
      </label>
      <input id={name} name={name} type={type} className="input" defaultValue={defaultValue} autoComplete={autoComplete} maxLength={200} />
    </div>
  );
}
