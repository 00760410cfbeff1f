import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    nonce?: string;
    /** a request the server turned away before any work (busy): the route it leads to throws this 503 message */
    turnedAway?: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
