// The academy's logo as a build asset: its file name carries a content hash, so it is served with a
// year-long immutable cache (/build/_assets/logo-HASH.svg). public/logo.svg stays for the favicon and
// for links made before.
import logoUrl from "~/assets/logo.svg";

export const LOGO_URL: string = logoUrl;
