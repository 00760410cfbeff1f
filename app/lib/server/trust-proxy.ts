import net from "node:net";

/**
 * TRUST_PROXY as Express's `trust proxy` setting (pure; unit-tested): a number is a hop count ("1" on
 * Fly: one proxy in front), "true"/"false" a boolean, anything else a comma-separated list of proxy
 * addresses, subnets or Express's names (loopback, linklocal, uniquelocal). A wrong value stops the
 * server with a clear message instead of being read as an address ("1" as 0.0.0.1).
 */
export type TrustProxy = boolean | number | string[] | undefined;

const NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrSubnet(value: string): boolean {
  if (NAMES.has(value)) return true;
  const [address, bits, extra] = value.split("/");
  if (extra !== undefined || !net.isIP(address)) return false;
  if (bits === undefined) return true;
  const max = net.isIPv4(address) ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "") return undefined;
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = list.filter((s) => !isAddressOrSubnet(s));
  if (wrong.length) {
    throw new Error(
      `Invalid environment:\nTRUST_PROXY: "${wrong.join(", ")}" is not a hop count, true/false, or a proxy address or subnet (e.g. 1, true, 10.0.0.0/8, loopback)`,
    );
  }
  return list;
}
