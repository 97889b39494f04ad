import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

/** What a notification e-mail is made of; the values are checked (mail-headers.ts) before. */
export interface MessageFields {
  from: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The Date header; now when left out (as nodemailer does). */
  date?: Date;
}

export interface ComposedMessage {
  /** The SMTP envelope nodemailer derives from From and To. */
  envelope: { from: string | false; to: string[] };
  /** The whole RFC 5322 message, ready for SMTP DATA. */
  raw: Buffer;
}

/**
 * Composes a message into one buffer with nodemailer's MailComposer (its headers, encodings and
 * boundaries), serialising the MIME tree directly instead of through a chain of streams: the
 * text and HTML parts are strings, so the stream machinery (a stream, encoder and pipeline per
 * part, a write per chunk) cost more CPU than the encoding itself (ADR 0005). Yields the same
 * bytes as nodemailer's `build()` (test/compose.test.ts); any part that is not a string in 7bit
 * or quoted-printable goes through `build()` itself.
 */
export async function composeMessage(fields: MessageFields): Promise<ComposedMessage> {
  const node = mimeTree(fields);
  const envelope = node.getEnvelope() as ComposedMessage['envelope'];
  return { envelope, raw: serialised(node) ?? (await node.build()) };
}

/** The MIME tree of a message, as nodemailer's sendMail would build it. */
export function mimeTree(fields: MessageFields): MimeNode {
  return new MailComposer({
    from: fields.from,
    to: { name: fields.to.name, address: fields.to.address },
    subject: fields.subject,
    text: fields.text,
    html: fields.html,
    messageId: fields.messageId,
    ...(fields.date ? { date: fields.date } : {}),
    // The shared part of the multipart boundaries, from Node's buffered random UUIDs: left out,
    // nodemailer draws 8 bytes from the system per MIME node (three per e-mail), which showed
    // in notification's profile (ADR 0005).
    baseBoundary: randomUUID().replaceAll('-', ''),
    disableFileAccess: true,
    disableUrlAccess: true,
  }).compile();
}

/** The bytes nodemailer's `build()` yields for the tree, or undefined for a tree this does not handle. */
export function serialised(node: MimeNode): Buffer | undefined {
  const parts: string[] = [];
  return serialise(node, parts) ? Buffer.from(ensureNewline(parts.join('')), 'utf8') : undefined;
}

/** Appends the node's bytes (as nodemailer's MimeNode.stream writes them); false if it cannot. */
function serialise(node: MimeNode, out: string[]): boolean {
  const encoding = node.getTransferEncoding();
  // Headers first: building them is what settles `multipart` and the boundary.
  const headers = `${node.buildHeaders()}\r\n\r\n`;
  if (node.multipart) {
    if (node.content) return false;
    out.push(headers);
    for (let i = 0; i < node.childNodes.length; i++) {
      out.push(`${i > 0 ? '\r\n' : ''}--${String(node.boundary)}\r\n`);
      if (!serialise(node.childNodes[i]!, out)) return false;
    }
    out.push(`\r\n--${String(node.boundary)}--\r\n`);
    return true;
  }
  if (typeof node.content !== 'string') return false;
  if (encoding === 'quoted-printable') out.push(headers, qpWrap(qpEncode(node.content), 76));
  else if (encoding === '7bit') out.push(headers, node.content);
  else return false;
  return true;
}

/** The message ends with a line break (nodemailer's LastNewline). */
function ensureNewline(message: string): string {
  return message.endsWith('\n') ? message : message.endsWith('\r') ? `${message}\n` : `${message}\r\n`;
}
