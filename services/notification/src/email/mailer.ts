import nodemailer from 'nodemailer';
import type { Mailbox } from '../domain/mail-headers.js';
import { assertHeaderValue } from '../domain/mail-headers.js';
import { composeMessage } from './compose.js';

export interface OutgoingEmail {
  to: Mailbox;
  subject: string;
  text: string;
  html: string;
  /** Stable per send row, so a rare duplicate carries the same Message-ID (clients collapse it). */
  messageId: string;
}

/** Why a send did not go through; `permanent` failures are not retried. */
export class EmailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'EmailSendError';
  }
}

export interface Mailer {
  send(mail: OutgoingEmail): Promise<void>;
  close(): void;
}

interface NodemailerError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * 5xx replies are permanent (the server refused this message for good); 4xx replies and
 * connection-level failures (refused, reset, timeouts, DNS) are transient. The stored error is
 * the reply code and a short reason, never the message or credentials.
 */
export function classifySmtpError(err: unknown): EmailSendError {
  const e = (err ?? {}) as NodemailerError;
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const reply = typeof e.response === 'string' ? e.response.replace(/[\r\n]+/g, ' ').slice(0, 200) : '';
  if (code !== undefined) {
    return new EmailSendError(`SMTP ${code}${reply ? `: ${reply}` : ''}`, code >= 500, code);
  }
  const kind = typeof e.code === 'string' ? e.code : 'ERROR';
  // An envelope nodemailer itself refuses (no valid recipient) cannot get better by waiting.
  const permanent = kind === 'EENVELOPE' || kind === 'EMESSAGE';
  return new EmailSendError(`${kind}: ${(e.message ?? 'send failed').replace(/[\r\n]+/g, ' ').slice(0, 200)}`, permanent);
}

/**
 * SMTP through nodemailer (>= 9.0.1, docs/security.md "E-mail"): no file or URL access from message
 * content, and only fixed header fields (From, To, Subject, Message-ID) built from checked values.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  assertHeaderValue('from', from);
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Reuse SMTP connections (a handful, each for up to 100 messages) instead of a TCP
    // connection, greeting and EHLO per e-mail: every issued credential sends one (ADR 0005).
    pool: true,
    maxConnections: 4,
    maxMessages: 100,
    disableFileAccess: true,
    disableUrlAccess: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      assertHeaderValue('subject', mail.subject);
      assertHeaderValue('message-id', mail.messageId);
      try {
        // Composed into one buffer and handed to the pool as it is: the SMTP connection then
        // writes the message in one piece instead of a socket write per MIME chunk, and no
        // stream chain is built per part (ADR 0005). Same composer, options and bytes as
        // sendMail's own (compose.ts); the envelope is the one nodemailer derives from From/To.
        const { envelope, raw } = await composeMessage({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId });
        // The Message-ID again: the raw message already has it, but without it sendMail draws a
        // new random one for its own bookkeeping (five reads of the system's random source).
        await transport.sendMail({ envelope, raw, messageId: mail.messageId, disableFileAccess: true, disableUrlAccess: true });
      } catch (err) {
        throw classifySmtpError(err);
      }
    },
    close() {
      transport.close();
    },
  };
}
