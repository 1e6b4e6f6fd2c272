import nodemailer from 'nodemailer';
import type { Transport } from './transport';

export interface SmtpOptions {
  url?: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  from: string;
}

/** The bare address of SMTP_FROM (`Name <a@b>` or `a@b`): a message from the organizer's name keeps it. */
export const fromAddress = (from: string): string => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

/** E-mail through any SMTP server (nodemailer): plain text, HTML, Reply-To, attachments. */
export const createSmtpTransport = (opts: SmtpOptions): Transport & { close: () => void } => {
  const transporter = opts.url
    ? nodemailer.createTransport(opts.url)
    : nodemailer.createTransport({
        host: opts.host,
        port: opts.port ?? 587,
        secure: opts.port === 465,
        ...(opts.user ? { auth: { user: opts.user, pass: opts.password ?? '' } } : {}),
      });
  return {
    name: 'smtp',
    send: async (message) => {
      const info = await transporter.sendMail({
        from: message.fromName ? { name: message.fromName, address: fromAddress(opts.from) } : opts.from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.name,
                content: a.data,
                contentType: a.mime,
              })),
            }
          : {}),
      });
      return { providerId: info.messageId };
    },
    close: () => transporter.close(),
  };
};
