import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The e-mails this service sends; one template set (subject, text, html) per kind in src/templates. */
export const EMAIL_KINDS = ['credential_issued', 'credential_renewed', 'email_verification', 'password_reset', 'invitation'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface EmailTemplate {
  subject: string;
  text: string;
  html: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export type Templates = Record<EmailKind, EmailTemplate>;

const TEMPLATE_DIR = fileURLToPath(new URL('../templates/', import.meta.url));
const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9]*)\s*\}\}/g;

const fileName = (kind: EmailKind) => kind.replace(/_/g, '-');

/** Reads every template once (at start), so a missing file fails the start, not a send. */
export function loadTemplates(dir = TEMPLATE_DIR): Templates {
  const out = {} as Templates;
  for (const kind of EMAIL_KINDS) {
    const base = `${dir}${fileName(kind)}`;
    out[kind] = {
      subject: readFileSync(`${base}.subject.txt`, 'utf8').trim(),
      text: readFileSync(`${base}.txt`, 'utf8'),
      html: readFileSync(`${base}.html`, 'utf8'),
    };
  }
  return out;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function fill(template: string, vars: Readonly<Record<string, string>>, encode: (v: string) => string): string {
  return template.replace(PLACEHOLDER, (_m, name: string) => {
    const v = vars[name];
    if (v === undefined) throw new Error(`template variable ${name} is missing`);
    return encode(v);
  });
}

/**
 * Fills a template. Every value is escaped in the HTML part (recipient names and organization
 * names are data, never markup); the plain-text part and the subject take values as they are
 * (the subject is checked for CR/LF before it becomes a header, see mail-headers.ts).
 */
export function renderEmail(template: EmailTemplate, vars: Readonly<Record<string, string>>): RenderedEmail {
  return {
    subject: fill(template.subject, vars, (v) => v),
    text: fill(template.text, vars, (v) => v),
    html: fill(template.html, vars, escapeHtml),
  };
}
