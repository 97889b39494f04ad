import { AppError } from '@cred/runtime';
import type { VerificationContext } from '../../app/context.js';
import { parseCredentialRef } from '../../domain/identifiers.js';
import type { Route } from '../respond.js';
import { banner } from './common.js';
import { html, layout, sendHtml } from './html.js';

const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/** What the gateway's form handler reports back (POST /claim/{id} redirects here with ?result=). */
const RESULTS: Record<string, [tone: 'ok' | 'warn' | 'bad', text: string]> = {
  claimed: ['ok', 'Claimed: the credential is now yours. Its verification page shows it as claimed within a few seconds.'],
  invalid_token: ['bad', 'This claim link is not valid any more (it was already used, it expired, or it belongs to another credential).'],
  conflict: ['warn', 'This credential cannot be claimed: it has already been claimed, or it was revoked or has expired.'],
  not_found: ['bad', 'No such credential.'],
  error: ['bad', 'Something went wrong; please try again in a moment.'],
};

/**
 * GET /claim/{credential-id}?token=...: the page behind the claim link of the issue e-mail
 * (docs/contract.md "Recipients and privacy"). A plain form (no script) posts the token to the gateway's
 * POST /claim/{id}, which claims through the API and redirects back here with ?result=. The
 * page shows nothing of the credential itself (it may be private); the token is not logged and
 * the page is not cached or sent as a referrer.
 */
export const claimPageRoute: Route<VerificationContext> = {
  name: 'claim-page',
  pattern: /^\/claim\/([^/]+)$/,
  html: true,
  async handle(req, res, match) {
    const ref = parseCredentialRef(match[1]!);
    if (!ref) throw AppError.notFound('Credential not found');
    const url = new URL(req.url ?? '/', 'http://local');
    const token = url.searchParams.get('token') ?? '';
    const resultKey = url.searchParams.get('result') ?? '';
    // Own keys only: ?result=constructor must not read what every object inherits.
    const result = Object.hasOwn(RESULTS, resultKey) ? RESULTS[resultKey] : undefined;
    const id = ref.value;
    const form =
      TOKEN.test(token) && !result
        ? html`<form method="post" action="/claim/${id}">
<input type="hidden" name="token" value="${token}">
<button type="submit">Claim this credential</button>
</form>`
        : html`<p>Open the claim link from your e-mail again, or sign in with the address the credential was sent to and claim it from your account.</p>`;
    const page = layout(
      'Claim your credential',
      html`<h1>Claim your credential</h1>
${result ? banner(result[0], result[1]) : ''}
<section class="card" aria-labelledby="claim-h">
<h2 id="claim-h">Credential <code>${id}</code></h2>
<p>Claiming confirms that you received this credential. It then shows as claimed on its verification page.</p>
${form}
<p><a href="/verify/${id}">See the credential's verification page</a></p>
</section>`,
      { description: 'Claim a credential issued to you' },
    );
    sendHtml(res, 200, page, { private: true });
  },
};
