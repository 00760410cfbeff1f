import "@remix-run/node";
import type { ExamActionResult } from "~/models/exam-page.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    nonce?: string;
    /** the exam form's post, already acted on by the server's fast path: its refusal, for the page to show */
    examFormResult?: ExamActionResult;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
