// @unit
// Templates are split into literals and variables once; filling one gives what a plain
// placeholder replacement gives, escapes every value in HTML, and refuses a missing variable.
import t from 'tap';
import { EMAIL_KINDS, escapeHtml, loadTemplates, renderEmail, renderSubject } from '../src/domain/email-templates.js';

const templates = loadTemplates();
const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9]*)\s*\}\}/g;
const byReplace = (s: string, vars: Record<string, string>, enc: (v: string) => string) =>
  s.replace(PLACEHOLDER, (_m, name: string) => enc(vars[name]!));
const vars: Record<string, string> = new Proxy({}, { get: (_t, name) => `<${String(name)} & $1 $& {{x}}>` });

t.test('every template fills like a placeholder replacement', async (t) => {
  for (const kind of EMAIL_KINDS) {
    const tpl = templates[kind];
    const r = renderEmail(tpl, vars);
    t.equal(r.subject, byReplace(tpl.subject, vars, (v) => v), `${kind} subject`);
    t.equal(r.text, byReplace(tpl.text, vars, (v) => v), `${kind} text`);
    t.equal(r.html, byReplace(tpl.html, vars, escapeHtml), `${kind} html`);
    t.equal(renderSubject(tpl, vars), r.subject);
    t.notOk(r.html.includes('<recipientName'), 'values are escaped in HTML');
  }
});

t.test('a missing variable fails the render', async (t) => {
  t.throws(() => renderEmail({ subject: 'Hi {{ name }}', text: 'x', html: 'y' }, {}), /template variable name is missing/);
  t.equal(renderSubject({ subject: 'Hi {{ name }}!', text: '', html: '' }, { name: 'Jo' }), 'Hi Jo!');
  t.equal(renderSubject({ subject: '{{a}}{{b}}', text: '', html: '' }, { a: '1', b: '2' }), '12');
});
