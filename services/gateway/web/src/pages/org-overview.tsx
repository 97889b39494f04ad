import { api, seg } from '../api.js';
import { useOrg } from '../components/layout.js';
import { DateText, Loaded, UsageMeter } from '../components/ui.js';
import { useResource, useTitle } from '../hooks.js';
import { pagePath } from '../routes.js';
import { Link } from '../router.js';
import type { Organization, Quota } from '../types.js';
import { OrgStatusTag, planText } from './account-common.js';

const STATE_EXPLAINED: Record<string, string> = {
  pending_approval:
    'The platform reviews every new organization. Until it is approved you can generate signing keys and design badges, but not issue credentials.',
  approved: 'The organization is approved: it can issue credentials, and they verify as valid.',
  suspended:
    'The platform has suspended the organization: nothing can be issued, its API keys are refused and its credentials do not verify as valid.',
};

const SUBSCRIPTION_TEXT: Record<string, string> = {
  active: 'Active',
  past_due: 'Payment overdue (API access continues for now)',
  canceled: 'Cancelled',
  none: 'None (free plan)',
};

function NextSteps({ org }: { org: Organization }) {
  const orgId = org.id;
  return (
    <section class="card" aria-labelledby="h-next">
      <h2 id="h-next">Next steps</h2>
      <ol class="steps">
        <li>
          {org.signingKeysGenerated ? (
            <>
              Signing keys: generated. <Link href={pagePath('signingKeys', { orgId })}>See your issuer identity</Link>
            </>
          ) : (
            <>
              <Link href={pagePath('signingKeys', { orgId })}>Generate signing keys</Link>: credentials are signed with them.
            </>
          )}
        </li>
        <li>
          <Link href={pagePath('badgeNew', { orgId })}>Create a badge</Link>: the achievement you award, with its image and criteria.
        </li>
        <li>
          <Link href={pagePath('issue', { orgId })}>Issue a credential</Link> to one person, or{' '}
          <Link href={pagePath('bulk', { orgId })}>issue from a spreadsheet</Link>.
        </li>
        <li>
          <Link href={pagePath('apiKeys', { orgId })}>Create an API key</Link> to issue from your own systems (Professional and Enterprise
          plans).
        </li>
      </ol>
    </section>
  );
}

export function OrgOverviewPage() {
  const { org } = useOrg();
  useTitle(`${org.name}: overview`);
  const quota = useResource(() => api.get<Quota>(`/api/organizations/${seg(org.id)}/quota`), [org.id]);
  return (
    <>
      <h1>{org.name}</h1>
      <div class="grid two">
        <section class="card" aria-labelledby="h-state">
          <h2 id="h-state">State</h2>
          <p>
            <OrgStatusTag status={org.status} />
          </p>
          <p>{STATE_EXPLAINED[org.status] ?? ''}</p>
          <dl class="facts">
            <dt>Plan</dt>
            <dd>{planText(org.plan)}</dd>
            <dt>Subscription</dt>
            <dd>{SUBSCRIPTION_TEXT[org.subscriptionStatus] ?? (org.subscriptionStatus || 'None')}</dd>
            <dt>Domain</dt>
            <dd>
              {org.domain ? (
                <>
                  {org.domain} {org.domainVerified ? '(verified)' : '(not verified)'}
                </>
              ) : (
                <>
                  None. <Link href={pagePath('settings', { orgId: org.id })}>Add your domain</Link>
                </>
              )}
            </dd>
            <dt>Short name</dt>
            <dd>
              <code>{org.slug}</code>
            </dd>
            <dt>Signing keys</dt>
            <dd>
              {org.signingKeysGenerated ? 'Generated' : 'Not generated yet'} (
              <Link href={pagePath('signingKeys', { orgId: org.id })}>signing keys</Link>)
            </dd>
            <dt>Created</dt>
            <dd>
              <DateText iso={org.createdAt} />
            </dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="h-quota">
          <h2 id="h-quota">Monthly recipients</h2>
          <Loaded resource={quota}>
            {(q) => (
              <>
                <UsageMeter
                  label={`Recipients in ${q.month}`}
                  used={q.used}
                  limit={q.limit}
                  detail={
                    <>
                      {q.remaining} left on the {planText(q.plan)} plan. The count starts again on <DateText iso={q.resetsAt} />.
                    </>
                  }
                />
                <p class="hint">
                  Each person who receives a credential counts once a month; renewing a credential they already have costs nothing.
                </p>
              </>
            )}
          </Loaded>
        </section>
      </div>
      <NextSteps org={org} />
    </>
  );
}
