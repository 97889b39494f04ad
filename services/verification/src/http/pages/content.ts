/**
 * The Open Badges 3.0 content of a badge and a credential on the public pages (issue 14):
 * achievement type, alignments and result descriptions; evidence, narrative and results.
 * Everything is escaped by `html```; links are written only for http(s) URLs (anything else is
 * shown as text), and Markdown narratives are shown as plain text with their line breaks.
 */
import type { BadgeAlignment, BadgeResultDescription } from '../../domain/model.js';
import { record, str } from './common.js';
import { html, type Html } from './html.js';

export interface AchievementContent {
  achievementType: string | null;
  alignments: readonly BadgeAlignment[];
  resultDescriptions: readonly BadgeResultDescription[];
}

function isHttpUrl(value: string | null): value is string {
  if (!value) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

function link(url: string | null, text: string): Html | string {
  return isHttpUrl(url) ? html`<a href="${url}" rel="nofollow noopener noreferrer">${text}</a>` : text;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function objects(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.map(record) : [];
}

/** "MicroCredential" -> "Micro credential", "ext:PeerReview" -> "PeerReview". */
export function humanTerm(term: string): string {
  const bare = term.replace(/^ext:/, '');
  const spaced = bare.replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0) + spaced.slice(1).toLowerCase();
}

/** The content of an OB 3.0 Achievement object (as signed in a credential). */
export function achievementContentOf(achievement: Record<string, unknown>): AchievementContent {
  return {
    achievementType: str(achievement['achievementType']),
    alignments: objects(achievement['alignment']).flatMap((a) => {
      const targetName = str(a['targetName']);
      const targetUrl = str(a['targetUrl']);
      return targetName && targetUrl
        ? [{ targetName, targetUrl, targetFramework: str(a['targetFramework']), targetCode: str(a['targetCode']) }]
        : [];
    }),
    resultDescriptions: objects(achievement['resultDescription']).flatMap((d) => {
      const id = str(d['id']);
      const name = str(d['name']);
      const resultType = str(d['resultType']);
      return id && name && resultType
        ? [
            {
              id,
              name,
              resultType,
              allowedValues: strings(d['allowedValue']),
              requiredValue: str(d['requiredValue']),
              valueMin: str(d['valueMin']),
              valueMax: str(d['valueMax']),
            },
          ]
        : [];
    }),
  };
}

/** Achievement type and alignments; result descriptions too on the badge page (`withResults`). */
// Prettier would re-indent the markup inside html`` (and so change the pages' bytes).
// prettier-ignore
export function achievementDetails(c: AchievementContent, withResults: boolean): Html {
  return html`${c.achievementType ? html`<p><strong>Type:</strong> ${humanTerm(c.achievementType)}</p>` : ''}
${c.alignments.length > 0
    ? html`<h3>Aligned with</h3><ul class="alignments">${c.alignments.map(
        (a) => html`<li>${link(a.targetUrl, a.targetName)}${a.targetCode ? html` <span class="code">(${a.targetCode})</span>` : ''}${a.targetFramework ? html` — ${a.targetFramework}` : ''}</li>`,
      )}</ul>`
    : ''}
${withResults && c.resultDescriptions.length > 0
    ? html`<h3>Results recorded</h3><ul>${c.resultDescriptions.map(
        (d) => html`<li>${d.name} (${humanTerm(d.resultType)})${d.allowedValues.length > 0 ? html`: ${d.allowedValues.join(', ')}` : ''}${d.requiredValue ? html`; required: ${d.requiredValue}` : ''}${d.valueMin || d.valueMax ? html`; range ${d.valueMin ?? '…'} to ${d.valueMax ?? '…'}` : ''}</li>`,
      )}</ul>`
    : ''}`;
}

/** What the recipient did: narrative, results (named by their descriptions) and evidence. Empty when none. */
// prettier-ignore
export function credentialDetails(ob3: Record<string, unknown>, achievement: AchievementContent): Html | string {
  const subject = record(ob3['credentialSubject']);
  const narrative = str(subject['narrative']);
  const results = objects(subject['result']);
  const evidence = objects(ob3['evidence']);
  if (!narrative && results.length === 0 && evidence.length === 0) return '';
  const nameOf = (id: string | null) => achievement.resultDescriptions.find((d) => d.id === id)?.name ?? 'Result';
  const resultLine = (r: Record<string, unknown>) => {
    const value = str(r['value']);
    const status = str(r['status']);
    return html`<dt>${nameOf(str(r['resultDescription']))}</dt><dd>${value ?? ''}${value && status ? ' — ' : ''}${status ? humanTerm(status) : ''}</dd>`;
  };
  const evidenceItem = (e: Record<string, unknown>) => {
    const url = str(e['id']);
    const name = str(e['name']) ?? (isHttpUrl(url) ? url : 'Evidence');
    const description = str(e['description']);
    const text = str(e['narrative']);
    return html`<li>${url ? link(url, name) : html`<strong>${name}</strong>`}${description ? html`<p>${description}</p>` : ''}${text ? html`<p class="md">${text}</p>` : ''}</li>`;
  };
  return html`<section class="card" aria-labelledby="earned-h">
<h2 id="earned-h">How it was earned</h2>
${narrative ? html`<p class="md">${narrative}</p>` : ''}
${results.length > 0 ? html`<h3>Results</h3><dl class="facts">${results.map(resultLine)}</dl>` : ''}
${evidence.length > 0 ? html`<h3>Evidence</h3><ul class="evidence">${evidence.map(evidenceItem)}</ul>` : ''}
</section>`;
}
