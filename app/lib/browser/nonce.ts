import { createContext, useContext } from "react";

/** The CSP nonce of this response (server only; empty in the browser, where it is not needed). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
