// A real SMTP server for the tests (the smtp-server package): it keeps what it receives in `inbox`, and can be told
// to refuse the next messages, as a mail provider that is down does. Used by the e-mail tests and Playwright.
import { SMTPServer } from "smtp-server";

export type Received = { to: string[]; subject: string; text: string; raw: string };
export type TestSmtp = { url: string; port: number; inbox: Received[]; refuseNext: (n: number) => void; close: () => Promise<void> };

/** Quoted-printable as nodemailer writes long lines: soft breaks and =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function parse(raw: string, to: string[]): Received {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subjectLine = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? "";
  // an encoded-word subject (=?UTF-8?Q?…?=) as nodemailer writes one with non-ASCII text
  const subject = subjectLine.replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, q: string) => decodeQuotedPrintable(q.replace(/_/g, " "))).replace(/\?=\s+=\?/g, "");
  const qp = /Content-Transfer-Encoding: quoted-printable/i.test(unfolded);
  const b64 = /Content-Transfer-Encoding: base64/i.test(unfolded);
  const text = qp ? decodeQuotedPrintable(body) : b64 ? Buffer.from(body, "base64").toString("utf8") : body;
  return { to, subject, text, raw };
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const inbox: Received[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing > 0) {
        refusing -= 1;
        const error = Object.assign(new Error("Mailbox unavailable, try again later"), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push(
          parse(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    inbox,
    refuseNext: (n) => {
      refusing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The site's link in a message (a sign-in or reset link). */
export function linkIn(message: Received): string {
  const found = /https?:\/\/\S+\/welcome\/[A-Za-z0-9_-]{43}/.exec(message.text);
  if (!found) throw new Error(`no link in: ${message.text}`);
  return found[0];
}
