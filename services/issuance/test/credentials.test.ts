import t from 'tap';
import { waitFor } from '@cred/testing';
import { ed25519PublicKeyFromMultibase, identityMatches, verifyDataIntegrityProof } from '@cred/ob3';
import { badgeBody, BASE_URL, outboxEvents, patchBody, rejection, startIssuance } from './fixtures/harness.js';
import { issueBody } from '../../gateway/src/http/issue-credential.js';

const ISSUED_KEYS = [
  'credentialId',
  'credentialUuid',
  'badgeId',
  'organizationId',
  'organizationSlug',
  'recipientEmail',
  'recipientName',
  'issuanceDate',
  'expirationDate',
  'status',
  'isPublic',
  'supersedesCredentialId',
  'ob3Credential',
].sort();

t.test('first issue of a credential over gRPC (real PostgreSQL, RabbitMQ, signing and accounts services)', async (t) => {
  const h = await startIssuance(t);
  const c = h.issuance;
  const org = await h.createOrg({ name: 'Acme Academy' });
  const badge = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ expiresInDays: 30, tags: ['teamwork'] }) });
  const forever = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Forever' }) });
  const issue = (badgeId: string, email: string, name = 'Ada Lovelace', orgId = org.id) =>
    c.IssueCredential({ organization_id: orgId, badge_id: badgeId, recipient_name: name, recipient_email: email, issued_by: 'test' });

  t.test('issues, signs, stores and announces', async (t) => {
    h.clock.freeze(new Date('2031-03-04T05:06:07.891Z'));
    const r = await issue(badge.id, ' Ada@Example.COM ', '  Ada Lovelace ');
    h.clock.reset();
    t.match(r.id, /^[0-9a-f-]{36}$/);
    t.match(r.credential_id, /^CRD-[0-9A-HJKMNP-TV-Z]{12}$/);
    t.equal(r.verification_url, `${BASE_URL}/verify/${r.credential_id}`);
    t.equal(r.status, 'pending');
    t.equal(r.issuance_date, '2031-03-04T05:06:07.000Z', 'issuance time from the application clock, whole seconds');
    t.equal(r.expiration_date, '2031-04-03T05:06:07.000Z', '30 days later');
    t.equal(r.recipient_name, 'Ada Lovelace');
    t.equal(r.recipient_email, 'ada@example.com');
    t.equal(r.supersedes_credential_id, undefined);
    t.equal(r.claimed_at, undefined);
    t.equal(r.is_public, true);
    t.equal(r.badge_name, 'Team Player');

    const ob3 = JSON.parse(r.ob3_credential_json);
    t.equal(ob3.id, `urn:uuid:${r.id}`);
    t.same(ob3.issuer, {
      id: `did:web:localhost%3A8080:issuers:${org.slug}`,
      type: ['Profile'],
      name: 'Acme Academy',
      url: `${BASE_URL}/issuers/${org.slug}`,
    });
    t.equal(ob3.validFrom, '2031-03-04T05:06:07Z');
    t.equal(ob3.validUntil, '2031-04-03T05:06:07Z');
    t.equal(ob3.credentialSubject.achievement.id, badge.achievement_url);
    t.equal(ob3.credentialSubject.achievement.name, 'Team Player');
    t.same(ob3.credentialSubject.achievement.criteria, { narrative: 'Nominated by three peers.' });
    t.same(ob3.credentialSubject.achievement.tag, ['teamwork']);
    const identity = ob3.credentialSubject.identifier[0];
    t.ok(identityMatches(identity, 'emailAddress', 'ADA@example.com'), 'recipient identified by salted hash');
    t.notOk(r.ob3_credential_json.includes('ada@example.com'), 'no plain e-mail in the payload');
    t.equal(ob3.proof[0].verificationMethod, org.keyId);
    const verified = await verifyDataIntegrityProof(ob3, {
      resolvePublicKey: async () => ed25519PublicKeyFromMultibase(org.publicKeyMultibase!),
    });
    t.equal(verified.verified, true, 'the eddsa-rdfc-2022 proof verifies with the organization key');

    const row = await h.db('credentials').where({ id: r.id }).first();
    t.match(row, {
      credential_id: r.credential_id,
      organization_id: org.id,
      badge_id: badge.id,
      recipient_name: 'Ada Lovelace',
      recipient_email: 'ada@example.com',
      status: 'pending',
      claimed_at: null,
      revoked_at: null,
      revocation_reason: null,
      is_public: true,
      supersedes_credential_id: null,
      superseded_by_credential_id: null,
    });
    t.same(row.ob3, ob3, 'the signed payload is stored as is');

    const [ev] = (await outboxEvents(h.db, 'credential.issued')).filter((e) => e.data.credentialUuid === r.id);
    t.ok(ev, 'credential.issued written to the outbox');
    t.equal(ev!.version, 1);
    t.same(Object.keys(ev!.data).sort(), ISSUED_KEYS);
    t.same(
      { ...ev!.data, ob3Credential: undefined },
      {
        credentialId: r.credential_id,
        credentialUuid: r.id,
        badgeId: badge.id,
        organizationId: org.id,
        organizationSlug: org.slug,
        recipientEmail: 'ada@example.com',
        recipientName: 'Ada Lovelace',
        issuanceDate: '2031-03-04T05:06:07.000Z',
        expirationDate: '2031-04-03T05:06:07.000Z',
        status: 'pending',
        isPublic: true,
        supersedesCredentialId: null,
        ob3Credential: undefined,
      },
    );
    t.same(ev!.data.ob3Credential, ob3);
    await waitFor('relay published credential.issued', () => h.received('credential.issued').some((e) => e.data.credentialUuid === r.id), 10000);

    const got = await c.GetCredential({ organization_id: org.id, credential_uuid: r.id });
    t.same({ ...got, ob3_credential_json: undefined }, { ...r, ob3_credential_json: undefined });
    t.same(JSON.parse(got.ob3_credential_json), ob3);
  });

  t.test('a non-expiring badge gives a credential without expiration', async (t) => {
    const r = await issue(forever.id, 'grace@example.com', 'Grace');
    t.equal(r.expiration_date, undefined);
    t.notOk('validUntil' in JSON.parse(r.ob3_credential_json));
    const [ev] = (await outboxEvents(h.db, 'credential.issued')).filter((e) => e.data.credentialUuid === r.id);
    t.equal(ev!.data.expirationDate, null);
  });

  t.test('concurrent first issues to one new recipient: exactly one wins (renewal rules: lifecycle.test.ts)', async (t) => {
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => issue(badge.id, 'race@example.com', 'Racer')));
    t.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    t.ok(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'CONFLICT'));
    t.equal((await h.db('credentials').where({ badge_id: badge.id, recipient_email: 'race@example.com' })).length, 1);
  });

  t.test('validation (docs/contract.md "Requests and bodies")', async (t) => {
    for (const [badgeId, email, name, field] of [
      ['', 'a@example.com', 'A', 'badgeId'],
      ['not-a-uuid', 'a@example.com', 'A', 'badgeId'],
      [badge.id, 'a@example.com', '   ', 'recipient.name'],
      [badge.id, 'a@example.com', 'x'.repeat(201), 'recipient.name'],
      [badge.id, 'a@example.com', 'tab\there', 'recipient.name'],
      [badge.id, 'a@example.com', '\u200B\u200C\u200D\u2060\uFEFF', 'recipient.name'],
      [badge.id, 'a@example.com', ' \u200B \u2060 ', 'recipient.name'],
      [badge.id, 'a@example.com', 'Ada \uD800', 'recipient.name'],
      [badge.id, 'a@example.com', '\uDC00', 'recipient.name'],
      [badge.id, 'a@example.com', '\u{1F600}'.repeat(201), 'recipient.name'],
      [badge.id, '', 'A', 'recipient.email'],
      [badge.id, 'not-an-email', 'A', 'recipient.email'],
      [badge.id, `${'a'.repeat(60)}@${'b'.repeat(190)}.com`, 'A', 'recipient.email'],
    ] as const) {
      const e = await rejection(issue(badgeId, email, name));
      t.equal(e.code, 'VALIDATION_ERROR', field);
      t.equal(e.details.field, field);
    }
  });

  t.test('content: evidence, narrative and results in the signed credential; the recipient name only when the organization chose it', async (t) => {
    const rich = await c.CreateBadge({
      organization_id: org.id,
      badge: badgeBody({
        name: 'Rich content',
        achievementType: 'Course',
        alignments: [{ targetName: 'Collaboration', targetUrl: 'https://example.org/skills/col', targetFramework: 'Skills', targetCode: 'SK-1' }],
        resultDescriptions: [{ name: 'Grade', resultType: 'LetterGrade', allowedValues: ['C', 'B', 'A'] }, { name: 'Completion', resultType: 'Status' }],
      }),
    });
    const [grade, completion] = rich.result_descriptions;
    const content = {
      narrative: 'Led the **final project**.',
      evidence: [{ url: 'https://example.com/report.pdf', name: 'Report', description: 'Final report', narrative: 'Reviewed by two peers.' }, { narrative: 'Observed in class.' }],
      results: [
        { resultDescription: grade!.id, value: 'A' },
        { resultDescription: completion!.id, status: 'Completed' },
      ],
    };
    // The body as the gateway maps it (its shape checks throw first, as on the HTTP route).
    const issueWith = (body: Record<string, unknown>, email = 'rich@example.com', orgId = org.id, badgeId = rich.id) =>
      Promise.resolve().then(() => {
        const b = issueBody({ badgeId, recipient: { name: 'Rich Recipient', email }, ...body });
        return c.IssueCredential({
          organization_id: orgId,
          badge_id: b.badgeId,
          recipient_name: b.name,
          recipient_email: b.email,
          issued_by: 'test',
          ...(b.content ? { content: b.content } : {}),
        });
      });
    const r = await issueWith(content);
    const ob3 = JSON.parse(r.ob3_credential_json);
    const subject = ob3.credentialSubject;
    t.equal(subject.narrative, 'Led the **final project**.');
    t.same(subject.result, [
      { type: ['Result'], resultDescription: grade!.id, value: 'A' },
      { type: ['Result'], resultDescription: completion!.id, status: 'Completed' },
    ]);
    t.same(ob3.evidence, [
      { type: ['Evidence'], id: 'https://example.com/report.pdf', name: 'Report', description: 'Final report', narrative: 'Reviewed by two peers.' },
      { type: ['Evidence'], narrative: 'Observed in class.' },
    ]);
    t.equal(subject.achievement.achievementType, 'Course');
    t.same(subject.achievement.alignment[0].targetCode, 'SK-1');
    t.same(subject.achievement.resultDescription.map((d: { id: string }) => d.id), [grade!.id, completion!.id]);
    t.equal(subject.identifier.length, 1, 'the recipient name stays out by default');
    t.notOk(r.ob3_credential_json.includes('Rich Recipient'));
    const verified = await verifyDataIntegrityProof(ob3, { resolvePublicKey: async () => ed25519PublicKeyFromMultibase(org.publicKeyMultibase!) });
    t.equal(verified.verified, true);

    // Results must name the badge's descriptions and use their allowed values; the rest as the API names it.
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ results: [{ resultDescription: 'urn:uuid:00000000-0000-4000-8000-000000000000', value: 'A' }] }, 'results[0].resultDescription'],
      [{ results: [{ resultDescription: grade!.id, value: 'E' }] }, 'results[0].value'],
      [{ results: [{ resultDescription: grade!.id }] }, 'results[0]'],
      [{ results: [{ resultDescription: grade!.id, status: 'Done' }] }, 'results[0].status'],
      [{ results: [{ resultDescription: grade!.id, value: 'A' }, { resultDescription: grade!.id, value: 'B' }] }, 'results[1].resultDescription'],
      [{ evidence: [{ url: 'javascript:alert(1)' }] }, 'evidence[0].url'],
      [{ evidence: [{ url: 'https://user:pw@example.com/' }] }, 'evidence[0].url'],
      [{ evidence: [{}] }, 'evidence[0]'],
      [{ evidence: [{ link: 'x' }] }, 'evidence[0].link'],
      [{ evidence: Array.from({ length: 11 }, () => ({ name: 'x' })) }, 'evidence'],
      [{ narrative: 'x'.repeat(5001) }, 'narrative'],
      [{ narrative: 42 }, 'narrative'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of bad) {
      const e = await rejection(issueWith(body, 'bad@example.com'));
      t.equal(e.code, 'VALIDATION_ERROR', field);
      t.equal(e.details.field, field, `${JSON.stringify(body).slice(0, 60)} names ${field}`);
    }
    const noDescriptions = await rejection(issueWith({ results: [{ resultDescription: grade!.id, value: 'A' }] }, 'bad@example.com', org.id, badge.id));
    t.equal(noDescriptions.details.field, 'results[0].resultDescription', 'another badge has no such description');

    // An organization that chose to put names into credentials: a plain-text name identifier beside the hashed e-mail.
    const named = await h.createOrg({ name: 'Named Org' });
    await h.accounts.UpdateOrganization({ organization_id: named.id, recipient_name_in_credentials: true });
    const namedBadge = await c.CreateBadge({ organization_id: named.id, badge: badgeBody() });
    const n = await c.IssueCredential({
      organization_id: named.id,
      badge_id: namedBadge.id,
      recipient_name: '  Grace Hopper ',
      recipient_email: 'grace@example.com',
      issued_by: 'test',
    });
    const nob3 = JSON.parse(n.ob3_credential_json);
    t.same(nob3.credentialSubject.identifier[1], { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Grace Hopper' });
    t.ok(identityMatches(nob3.credentialSubject.identifier[0], 'emailAddress', 'grace@example.com'), 'the e-mail stays hashed');
    t.notOk(n.ob3_credential_json.includes('grace@example.com'));
    const namedVerified = await verifyDataIntegrityProof(nob3, { resolvePublicKey: async () => ed25519PublicKeyFromMultibase(named.publicKeyMultibase!) });
    t.equal(namedVerified.verified, true);
  });

  t.test('a name of 200 emoji is 200 characters (code points), and the event carries it whole', async (t) => {
    const name = '\u{1F600}'.repeat(200);
    const r = await issue(badge.id, 'emoji200@example.com', name);
    t.equal(r.recipient_name, name);
    const [ev] = (await outboxEvents(h.db, 'credential.issued')).filter((e) => e.data.credentialUuid === r.id);
    t.equal(ev?.data.recipientName, name);
  });

  t.test('badge and organization preconditions', async (t) => {
    const other = await h.createOrg();
    const foreign = await c.CreateBadge({ organization_id: other.id, badge: badgeBody() });
    t.equal((await rejection(issue(foreign.id, 'a@example.com'))).code, 'NOT_FOUND', "another organization's badge");
    t.equal((await rejection(issue('0f8fad5b-d9cb-469f-a165-70867728950e', 'a@example.com'))).code, 'NOT_FOUND', 'unknown badge');

    const off = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Retired', isActive: false }) });
    const inactive = await rejection(issue(off.id, 'a@example.com'));
    t.equal(inactive.code, 'VALIDATION_ERROR');
    t.equal(inactive.details.field, 'badgeId');
    t.match(inactive.message, /deactivated/);

    const keyless = await h.createOrg({ keys: false });
    const kb = await c.CreateBadge({ organization_id: keyless.id, badge: badgeBody() });
    const noKeys = await rejection(issue(kb.id, 'a@example.com', 'A', keyless.id));
    t.equal(noKeys.code, 'FORBIDDEN');
    t.match(noKeys.message, /[Ss]igning keys/);

    const pending = await h.createOrg({ approve: false });
    const pb = await c.CreateBadge({ organization_id: pending.id, badge: badgeBody() });
    t.equal((await rejection(issue(pb.id, 'a@example.com', 'A', pending.id))).code, 'FORBIDDEN', 'organization not approved');
    t.equal((await h.db('credentials').whereIn('organization_id', [keyless.id, pending.id])).length, 0);
    // The refusal above left issuance's short cache holding "pending"; approval counts at once.
    await h.accounts.ApproveOrganization({ organization_id: pending.id });
    const approved = await issue(pb.id, 'a@example.com', 'A', pending.id);
    t.equal(approved.status, 'pending', 'issued the moment the organization is approved, not when the cached copy expires');
  });

  t.test('credentials follow the badge as it is now; slug frozen; delete deactivates', async (t) => {
    const b = await c.CreateBadge({ organization_id: org.id, badge: badgeBody({ name: 'Evolving' }) });
    await issue(b.id, 'first@example.com', 'First');
    await c.UpdateBadge({
      organization_id: org.id,
      badge_id: b.id,
      badge: patchBody({ name: 'Evolved', description: 'New text.' }),
    });
    const second = await issue(b.id, 'second@example.com', 'Second');
    const achievement = JSON.parse(second.ob3_credential_json).credentialSubject.achievement;
    t.equal(achievement.name, 'Evolved');
    t.equal(achievement.description, 'New text.');
    t.equal(second.badge_name, 'Evolved');

    const slug = await rejection(c.UpdateBadge({ organization_id: org.id, badge_id: b.id, badge: patchBody({ slug: 'moved' }) }));
    t.equal(slug.code, 'CONFLICT');
    t.equal(slug.details.field, 'slug');

    const del = await c.DeleteBadge({ organization_id: org.id, badge_id: b.id });
    t.equal(del.deleted, false);
    t.equal(del.badge!.is_active, false, 'a badge with credentials is deactivated instead');
    t.equal((await c.GetBadge({ organization_id: org.id, badge_id: b.id })).is_active, false);
    const last = (await outboxEvents(h.db, 'issuance.badge.upserted')).filter((e) => e.data.badge.id === b.id).at(-1);
    t.equal(last!.data.badge.isActive, false, 'deactivation announced');
    t.equal((await rejection(issue(b.id, 'third@example.com'))).details.field, 'badgeId');
    t.equal((await c.GetCredential({ organization_id: org.id, credential_uuid: second.id })).badge_name, 'Evolved');
  });

  t.test('GetCredential: tenancy and status at read time', async (t) => {
    const r = await issue(badge.id, 'later@example.com', 'Later');
    const other = await h.createOrg();
    t.equal((await rejection(c.GetCredential({ organization_id: other.id, credential_uuid: r.id }))).code, 'NOT_FOUND');
    t.equal(
      (await rejection(c.GetCredential({ organization_id: org.id, credential_uuid: r.credential_id }))).code,
      'NOT_FOUND',
      'UUID only',
    );
    h.clock.set(new Date(Date.parse(r.expiration_date!) + 1000));
    t.equal(
      (await c.GetCredential({ organization_id: org.id, credential_uuid: r.id })).status,
      'expired',
      'expired once the clock passes expirationDate',
    );
    h.clock.reset();
    t.equal((await c.GetCredential({ organization_id: org.id, credential_uuid: r.id })).status, 'pending');
  });
});

