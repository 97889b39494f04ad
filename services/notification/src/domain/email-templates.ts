import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The e-mails this service sends; one template set (subject, text, html) per kind in src/templates. */
export const EMAIL_KINDS = ['credential_issued', 'credential_renewed', 'email_verification', 'password_reset', 'invitation', 'signup_attempt'] as const;
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

/** A template split once into its literal text and the variables between (see `fill`). */
interface CompiledTemplate {
  /** One more than `names`: literal, variable, literal, …, literal. */
  literals: string[];
  names: string[];
}

/** Compiled templates by their text; a handful of kinds, each compiled at its first use. */
const compiled = new Map<string, CompiledTemplate>();

function compile(template: string): CompiledTemplate {
  let c = compiled.get(template);
  if (c) return c;
  c = { literals: [], names: [] };
  let at = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    c.literals.push(template.slice(at, m.index));
    c.names.push(m[1]!);
    at = m.index + m[0].length;
  }
  c.literals.push(template.slice(at));
  compiled.set(template, c);
  return c;
}

/** The template with every placeholder replaced by its encoded value (a missing one throws). */
function fill(template: string, vars: Readonly<Record<string, string>>, encode: (v: string) => string): string {
  const { literals, names } = compile(template);
  let out = literals[0]!;
  for (let i = 0; i < names.length; i++) {
    const v = vars[names[i]!];
    if (v === undefined) throw new Error(`template variable ${names[i]} is missing`);
    out += encode(v) + literals[i + 1]!;
  }
  return out;
}

/**
 * Fills a template. Every value is escaped in the HTML part (recipient names and organization
 * names are data, never markup); the plain-text part and the subject take values as they are
 * (the subject is checked for CR/LF before it becomes a header, see mail-headers.ts).
 */
export function renderEmail(template: EmailTemplate, vars: Readonly<Record<string, string>>): RenderedEmail {
  return {
    subject: renderSubject(template, vars),
    text: fill(template.text, vars, (v) => v),
    html: fill(template.html, vars, escapeHtml),
  };
}

/** The subject alone (what the event consumers record in the row), as renderEmail fills it. */
export function renderSubject(template: EmailTemplate, vars: Readonly<Record<string, string>>): string {
  return fill(template.subject, vars, (v) => v);
}
