/**
 * Reading a posted form in a route. A body that is not a well-formed form (a broken multipart body:
 * anyone can send one) is the client's mistake: 400 with one line in the log, never a 500 with a stack.
 */
export const MALFORMED_FORM = "Malformed request: the form could not be read.";

/** Said on an upload page when its form could not be read. */
export const UPLOAD_UNREADABLE = "The upload could not be read. Please try again.";

export function malformedForm(): Response {
  return new Response(MALFORMED_FORM, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** request.formData(), or a thrown 400 when the body cannot be read as a form. */
export async function formDataOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.warn(`refused ${request.method} ${new URL(request.url).pathname}: 400 ${MALFORMED_FORM}`);
    throw malformedForm();
  }
}

/**
 * A small form's text fields as an object (the last value of a repeated name wins, as formToObject). An ordinary
 * form (application/x-www-form-urlencoded, what every page and the exam's save queue send) is read with
 * URLSearchParams, a fraction of what building a FormData costs on the hottest requests; anything else goes
 * through formDataOf.
 */
export async function formFieldsOf(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("Content-Type") ?? "";
  const out: Record<string, string> = {};
  if (type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    for (const [name, value] of new URLSearchParams(await request.text())) out[name] = value;
    return out;
  }
  for (const [name, value] of (await formDataOf(request)).entries()) if (typeof value === "string") out[name] = value;
  return out;
}
