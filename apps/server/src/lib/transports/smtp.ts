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

/** E-mail through any SMTP server (nodemailer). */
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
        from: opts.from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
      });
      return { providerId: info.messageId };
    },
    close: () => transporter.close(),
  };
};
