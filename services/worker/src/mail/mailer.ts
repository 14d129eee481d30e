import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per job (e.g. `outbox-12`): names the .eml file and the Message-ID, so a resend is recognisable. */
  id?: string;
  /** Files sent along (the report e-mail attaches the PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  kind: 'smtp' | 'files';
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

export interface MailerConfig {
  smtpUrl?: string;
  /** Embedded default: messages are written to `<dataDir>/mail`. */
  dataDir: string;
  from: string;
}

const domainOf = (from: string) => /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';

/** SMTP when SMTP_URL is set; otherwise `.eml` files a developer can open in any mail program. */
export function createMailer(config: MailerConfig): Mailer {
  const messageIdOf = (m: MailMessage) => (m.id ? `<${m.id}@${domainOf(config.from)}>` : undefined);
  const base = (m: MailMessage) => ({ from: config.from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: messageIdOf(m), attachments: m.attachments });

  if (config.smtpUrl) {
    // Bounded waits: an e-mail job holds its outbox row lock while sending (see jobs/email.send.job.ts).
    const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    return {
      kind: 'smtp',
      send: async (m) => ({ messageId: (await transport.sendMail(base(m))).messageId }),
      close: () => transport.close(),
    };
  }

  const dir = join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(m) {
      const info = await transport.sendMail(base(m));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${(m.id ?? randomBytes(6).toString('hex')).replace(/[^\w.-]/g, '_')}.eml`;
      // Written under a temporary name and renamed: whoever watches the folder never sees half a message.
      const tmp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      await writeFile(tmp, info.message as Buffer);
      await rename(tmp, join(dir, name));
      return { messageId: info.messageId, file: join(dir, name) };
    },
    close: () => transport.close(),
  };
}
