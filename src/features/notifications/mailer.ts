/**
 * Sending e-mail over SMTP (nodemailer), when SMTP_URL is configured. Without it the mailer is
 * disabled and says so: invitations are then copied by hand and alerts stay in the dashboard.
 * Connection, greeting and idle timeouts are short so a dead mail server cannot hold a request
 * (an invitation is sent while the inviter waits) or a job for minutes.
 */
import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
}

export interface Mailer {
  readonly enabled: boolean;
  /** Sends one message; rejects when the server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export const SMTP_TIMEOUT_MS = 10_000;

export function createMailer(options: { smtpUrl: string | undefined; from: string; timeoutMs?: number }): Mailer {
  if (!options.smtpUrl) {
    return {
      enabled: false,
      async send() {
        throw new Error('E-mail is not configured (SMTP_URL is unset).');
      },
      async close() {},
    };
  }
  const timeout = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  const transport = createTransport(
    { url: options.smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout * 2 },
    { from: options.from },
  );
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
    },
    async close() {
      transport.close();
    },
  };
}
