import { useState } from 'preact/hooks';
import { api, ApiError, seg } from '../api.js';
import { ErrorSummary } from '../components/forms.js';
import { useOrg } from '../components/layout.js';
import { CopyButton, Notice } from '../components/ui.js';
import { useResource, useSubmission, useTitle } from '../hooks.js';
import { pagePath } from '../routes.js';
import { Link } from '../router.js';
import type { SigningKeysResult } from '../types.js';

/** did:web of the organization on this host (a port's ':' is written %3A). */
export function issuerDid(slug: string, host = window.location.host): string {
  return `did:web:${host.replace(/:/g, '%3A')}:issuers:${slug}`;
}

interface DidDocument {
  verificationMethod?: { id: string; type?: string; publicKeyMultibase?: string }[];
}

export function SigningKeysPage() {
  const { org, reload } = useOrg();
  useTitle(`${org.name}: signing keys`);
  const submission = useSubmission();
  const [result, setResult] = useState<SigningKeysResult | undefined>();
  const didUrl = `/issuers/${seg(org.slug)}/did.json`;
  const did = issuerDid(org.slug);
  // The published DID document names the key(s); read it when the keys exist.
  const doc = useResource(
    () => (org.signingKeysGenerated ? api.get<DidDocument>(didUrl) : Promise.resolve<DidDocument>({})),
    [org.signingKeysGenerated, didUrl, result?.keyId],
  );
  const methods = doc.data?.verificationMethod ?? [];

  const generate = () =>
    submission.run(async () => {
      try {
        setResult(await api.post<SigningKeysResult>(`/api/organizations/${seg(org.id)}/signing-keys`, {}));
      } catch (err) {
        // Keys already there: nothing to do but show them.
        if (!(err instanceof ApiError && err.status === 409)) throw err;
      }
      reload();
    });

  return (
    <>
      <h1>Signing keys</h1>
      <p>
        Every credential your organization issues is signed with its Ed25519 key, so anyone can check that it comes from you and has not
        been changed. The private key never leaves the platform's signing service; the public key is published in your organization's DID
        document.
      </p>
      <ErrorSummary error={submission.error} />
      {result ? (
        <Notice tone="success" title={result.created ? 'Signing keys generated' : 'Your signing keys already existed'}>
          <p>
            Key id: <code>{result.keyId}</code>
          </p>
          <p>
            Public key: <code>{result.publicKeyMultibase}</code>
          </p>
        </Notice>
      ) : null}
      <section class="card" aria-labelledby="h-keys-state">
        <h2 id="h-keys-state">State</h2>
        {org.signingKeysGenerated ? (
          <p>
            <strong>Generated.</strong> Your organization can sign credentials.
          </p>
        ) : (
          <>
            <p>
              <strong>Not generated yet.</strong> Generate the keys before issuing the first credential. This is done once.
            </p>
            <button type="button" class="button" disabled={submission.pending} onClick={generate}>
              {submission.pending ? 'Generating…' : 'Generate signing keys'}
            </button>
          </>
        )}
      </section>
      <section class="card" aria-labelledby="h-identity">
        <h2 id="h-identity">Your issuer identity</h2>
        <dl class="facts">
          <dt>DID</dt>
          <dd>
            <code>{did}</code> <CopyButton value={did} label="Copy DID" />
          </dd>
          <dt>DID document</dt>
          <dd>
            <a href={didUrl}>{`${window.location.origin}${didUrl}`}</a>
          </dd>
          {org.signingKeysGenerated ? (
            <>
              <dt>Key ids</dt>
              <dd>
                {doc.error ? (
                  <span>The DID document could not be read ({doc.error.message}).</span>
                ) : methods.length ? (
                  <ul class="plain">
                    {methods.map((m) => (
                      <li key={m.id}>
                        <code>{m.id}</code>
                      </li>
                    ))}
                  </ul>
                ) : doc.loading ? (
                  'Loading…'
                ) : (
                  'None published yet.'
                )}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <p>
        Next: <Link href={pagePath('badgeNew', { orgId: org.id })}>create a badge</Link>.
      </p>
    </>
  );
}
