import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { closeDatabase, db } from "~/db/db.server";
import { seedIfEmpty, wipe } from "~/db/seed.server";
import { NonceContext } from "~/lib/nonce";

export { checkOrigin, securityHeaders } from "~/lib/http-guards.server";
/** for tools that build data sets (bench/): the same hash the app stores */
export { hashPassword } from "~/lib/password.server";

const ABORT_DELAY = 5_000;

/** Called once by server/start.js: opens the database (applying migrations) and seeds a first start. */
export async function bootstrap() {
  db();
  await seedIfEmpty();
}

/** `npm run db:seed` */
export async function reseed() {
  db();
  wipe();
  await seedIfEmpty();
}

export function shutdown() {
  closeDatabase();
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext?.nonce === "string" ? loadContext.nonce : undefined;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
