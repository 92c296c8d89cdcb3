// Outgoing e-mail through the SMTP server of SMTP_URL (smtp://user:pass@host:port, or smtps:// for TLS from
// the first byte), from MAIL_FROM. Generic: password recovery uses it, the message centre will too. Without
// SMTP_URL nothing is sent and callers offer their no-mail path. nodemailer loads only when mail is sent.
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom'>;

/** True when SMTP_URL is configured. */
export const mailEnabled = (config: MailConfig): boolean => !!config.smtpUrl;

export class MailNotConfiguredError extends Error {
  constructor() {
    super('SMTP_URL is not configured');
  }
}

const transports = new Map<string, Transporter>();

async function transport(url: string): Promise<Transporter> {
  let t = transports.get(url);
  if (!t) {
    const { default: nodemailer } = await import('nodemailer');
    // Another first message may have made the pool while this one waited for the import: one pool per URL
    // (a second would be left open, never closed).
    const made = transports.get(url);
    if (made) return made;
    // Pooled: a burst of messages (a class's notices) reuses a few connections.
    const options = new URL(url);
    t = nodemailer.createTransport({
      host: options.hostname,
      port: options.port ? Number(options.port) : undefined,
      secure: options.protocol === 'smtps:',
      auth: options.username ? { user: decodeURIComponent(options.username), pass: decodeURIComponent(options.password) } : undefined,
      pool: true,
      maxConnections: 3,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    transports.set(url, t);
  }
  return t;
}

/** The sender: MAIL_FROM, else the SMTP user when it is an address, else xuetang@localhost. */
export function mailFrom(config: MailConfig): string {
  if (config.mailFrom) return config.mailFrom;
  const user = config.smtpUrl ? decodeURIComponent(new URL(config.smtpUrl).username) : '';
  return user.includes('@') ? user : 'xuetang@localhost';
}

/** Sends one message; rejects when SMTP_URL is unset or the server refuses it. */
export async function sendMail(config: MailConfig, msg: MailMessage): Promise<void> {
  if (!config.smtpUrl) throw new MailNotConfiguredError();
  const t = await transport(config.smtpUrl);
  await t.sendMail({ from: mailFrom(config), to: msg.to, subject: msg.subject, text: msg.text, ...(msg.html ? { html: msg.html } : {}) });
}

/** Closes pooled connections (tests, shutdown). */
export function closeMail(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}
