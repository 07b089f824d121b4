import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Env } from '../../config/env';
import type { Mail, Mailer } from './mail';
import { writeToOutbox } from './outbox';

type MailerEnv = Pick<Env, 'smtpUrl' | 'dataDir' | 'appUrl'>;

export const senderAddress = (appUrl: string) => `Papo <no-reply@${new URL(appUrl).hostname}>`;

/**
 * Outbox files are read by people and by e2e tests with a regex, so their text part is 8bit
 * (nodemailer would pick quoted-printable, which breaks long URLs and turns "=" into "=3D") and
 * the HTML part base64, leaving exactly one readable copy of the link. Over SMTP nodemailer's own
 * choice stays, which every server accepts.
 */
function readableParts(mail: Mail): Pick<SendMailOptions, 'text' | 'html'> {
  const text = mail.text.replace(/\r?\n/g, '\r\n');
  return {
    text: { raw: `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${text}` },
    html: { content: mail.html, contentTransferEncoding: 'base64' },
  } as Pick<SendMailOptions, 'text' | 'html'>;
}

/** SMTP with SMTP_URL, else the DATA_DIR/outbox folder. */
export function createMailer(env: MailerEnv, log: FastifyBaseLogger): Mailer {
  const from = senderAddress(env.appUrl);
  const toOutbox = !env.smtpUrl;
  const transport: Transporter = toOutbox
    ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
    : nodemailer.createTransport(env.smtpUrl!);
  const background = new Set<Promise<void>>();

  async function send(mail: Mail): Promise<void> {
    const message: SendMailOptions = { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers };
    if (!toOutbox) {
      await transport.sendMail(message);
      log.info({ to: mail.to, subject: mail.subject }, 'e-mail enviado');
      return;
    }
    // With streamTransport and buffer, nodemailer answers the whole message as a Buffer.
    const info: unknown = await transport.sendMail({ ...message, ...readableParts(mail) });
    const file = await writeToOutbox(env.dataDir, (info as { message: Buffer }).message);
    // The link carries a reset token or an invite code: it stays in the file, never in a log line.
    log.info({ to: mail.to, subject: mail.subject, file }, `e-mail gravado na caixa de saída: ${file}`);
  }

  return {
    send,
    async dispatch(mail) {
      if (toOutbox) return send(mail);
      const delivery = send(mail).catch((error: unknown) => log.error({ err: error, to: mail.to }, 'falha ao enviar e-mail'));
      background.add(delivery);
      void delivery.finally(() => background.delete(delivery));
    },
    async close() {
      await Promise.allSettled([...background]);
      transport.close();
    },
  };
}
