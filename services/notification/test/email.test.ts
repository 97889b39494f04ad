// E-mail from events: first issue vs renewal, account e-mails, organization opt-out, escaping,
// header injection, transient and permanent SMTP failures. Real SMTP server, real broker, real DB.
import { createHash, randomUUID } from 'node:crypto';
import t from 'tap';
import { metricValue, waitFor } from '@cred/testing';
import { BASE_URL, credentialIssued, organization, startHarness } from './fixtures/harness.js';

const h = await startHarness(t);
await h.start();

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const mailsTo = (address: string) => h.smtp.messages.filter((m) => m.to.includes(address));
const sendRow = async (eventId: string) => h.db('email_sends').where({ event_id: eventId }).first();
// The catcher can hold a message before the sender has recorded it as sent (SMTP accepted, the
// row update still on its way): wait for the row, as an operator's view would catch up.
const sentRow = (eventId: string) =>
  waitFor(`e-mail send ${eventId} recorded as sent`, async () => {
    const row = await sendRow(eventId);
    return row?.status === 'sent' ? row : undefined;
  });
const INVITATION_SUBJECT = 'You have been invited to join an organization on our credentials platform';
/** Two more finished passes of the e-mail worker (the second began after this call): the signal
 * that it looked at the rows as they are now, before a test asserts it sent nothing. */
const settle = async () => {
  const passes = () => metricValue(h.service().host.opsPort!, 'background_passes_total', { loop: 'e-mail worker pass', outcome: 'ok' });
  const before = await passes();
  await waitFor('two e-mail worker passes', async () => (await passes()) >= before + 2);
};

const org = organization({ name: 'Acme <Academy> & Co' });
await h.publish('accounts.organization.created', { organization: org, ownerUserId: randomUUID() });

t.test('first issue: verification link, single-use claim link, hash to issuance, nothing secret at rest', async (t) => {
  const data = credentialIssued(org, { recipientEmail: 'first@example.com' });
  const event = await h.publish('credential.issued', data);
  const [mail] = await waitFor('first-issue e-mail', () =>
    mailsTo('first@example.com').length ? mailsTo('first@example.com') : undefined,
  );
  t.ok(mail);
  t.match(mail!.subject, /has issued you a credential: Teamwork/);
  t.match(mail!.from, /^"?Credentials"? <no-reply@credentials.test>$/);
  t.match(mail!.to, /^"?Jane Doe"? <first@example.com>$/);
  t.ok(mail!.text.includes(`${BASE_URL}/verify/${data.credentialId}`), 'verification link');
  t.notMatch(mail!.text, /expired or revoked/, 'a first issue says nothing about an original credential');
  const claim = new RegExp(`${BASE_URL.replace(/[/.]/g, '\\$&')}/claim/${data.credentialId}\\?token=([A-Za-z0-9_-]{43})`).exec(mail!.text);
  t.ok(claim, 'claim link with a token');
  const token = claim![1]!;
  t.ok(mail!.html.includes('Acme &#60;Academy&#62; &#38; Co'), 'organization name escaped in HTML');

  const row = await sentRow(event.id);
  t.equal(row.status, 'sent');
  t.equal(row.attempts, 1);
  t.equal(row.payload, null, 'template data dropped once sent');

  // The hash reached issuance before the e-mail left: it is registered by the time the mail is here.
  const reg = h.issuance.registered.find((r) => r.credential_uuid === data.credentialUuid);
  t.ok(reg, 'the claim-token hash was registered with issuance before the e-mail was sent');
  t.equal(reg!.token_hash, sha256(token), 'issuance gets the SHA-256 of the token in the e-mail');
  t.equal(reg!.organization_id, data.organizationId);
  t.equal(reg!.source_event_id, event.id);
  t.ok(Date.parse(reg!.expires_at!) > Date.now() + 29 * 86400_000, 'expires in 30 days');
  const everything = JSON.stringify(await h.db('outbox')) + JSON.stringify(await h.db('email_sends'));
  t.notOk(everything.includes(token), 'the raw token is stored nowhere');
  t.equal((await h.db('outbox').where({ type: 'notification.claim_token.issued' })).length, 0, 'no claim-token event any more');
});

t.test('renewal: different subject and text saying the original is expired or revoked', async (t) => {
  const first = credentialIssued(org, { recipientEmail: 'renew@example.com' });
  await h.publish('credential.issued', first);
  const renewal = credentialIssued(org, {
    recipientEmail: 'renew@example.com',
    supersedesCredentialId: first.credentialUuid,
    supersedesCredentialShortId: first.credentialId,
    priorStatus: 'revoked',
    badgeId: first.badgeId,
  });
  await h.publish('credential.renewed', renewal);
  const mails = await waitFor('two e-mails', () => (mailsTo('renew@example.com').length === 2 ? mailsTo('renew@example.com') : undefined));
  const issued = mails.find((m) => m.text.includes(first.credentialId))!;
  const renewed = mails.find((m) => m.text.includes(renewal.credentialId))!;
  t.not(issued.subject, renewed.subject);
  t.match(renewed.subject, /has been renewed/);
  t.match(renewed.text, /original credential is now expired or revoked/);
  t.notMatch(issued.text, /expired or revoked/);
  t.ok(renewed.text.includes(`${BASE_URL}/verify/${renewal.credentialId}`));
  t.match(renewed.text, /\/claim\/CRD-[0-9A-Z]{12}\?token=/);
  t.ok(
    renewed.text.includes(`The original credential, ${first.credentialId}, was revoked when this renewal was issued.`),
    'says which happened',
  );
  t.ok(renewed.html.includes(`The original credential, ${first.credentialId}, was revoked when this renewal was issued.`));

  // Renewing after the renewal expired: the e-mail says it had expired.
  const again = credentialIssued(org, {
    recipientEmail: 'renew@example.com',
    supersedesCredentialId: renewal.credentialUuid,
    supersedesCredentialShortId: renewal.credentialId,
    priorStatus: 'expired',
    badgeId: first.badgeId,
  });
  await h.publish('credential.renewed', again);
  const third = await waitFor('third e-mail', () => mailsTo('renew@example.com').find((m) => m.text.includes(again.credentialId)));
  t.match(third.text, /original credential is now expired or revoked/);
  t.ok(third.text.includes(`The original credential, ${renewal.credentialId}, had expired.`));
});

t.test('organization with e-mail notifications off: nothing sent; newest organization state wins', async (t) => {
  const off = organization({ emailNotificationsEnabled: false });
  // The update overtakes the creation: the older (enabled) state must not win.
  await h.publish('accounts.organization.updated', { organization: off, changed: ['emailNotificationsEnabled'] });
  await h.publish(
    'accounts.organization.created',
    { organization: { ...off, emailNotificationsEnabled: true } },
    { createdAt: new Date(Date.now() - 60_000) },
  );
  const ev = await h.publish('credential.issued', credentialIssued(off, { recipientEmail: 'quiet@example.com' }));
  const row = await sendRow(ev.id);
  t.equal(row.status, 'skipped');
  await settle();
  t.equal(mailsTo('quiet@example.com').length, 0, 'no e-mail');
  const list = await h.client().ListNotifications({ organization_id: off.id, limit: 10, offset: 0 });
  t.equal(list.notifications[0]?.status, 'skipped', 'the organization sees why');

  // Turned back on by a newer update: the next issue is sent.
  await h.publish(
    'accounts.organization.updated',
    { organization: { ...off, emailNotificationsEnabled: true }, changed: ['emailNotificationsEnabled'] },
    { createdAt: new Date(Date.now() + 1000) },
  );
  await h.publish('credential.issued', credentialIssued(off, { recipientEmail: 'quiet@example.com' }));
  await waitFor('sent after re-enabling', () => mailsTo('quiet@example.com').length === 1);
});

t.test('account e-mails: verification and password reset', async (t) => {
  const accountUserId = randomUUID();
  const verifyUrl = `${BASE_URL}/verify-email?token=verification-token-0123456789`;
  const resetUrl = `${BASE_URL}/reset-password?token=reset-token-0123456789abcdef`;
  const v = await h.publish('accounts.user.email_verification_requested', {
    userId: accountUserId,
    email: 'new.user@example.com',
    name: 'New User',
    verificationUrl: verifyUrl,
    expiresAt: new Date(Date.now() + 86400_000).toISOString(),
  });
  const r = await h.publish('accounts.user.password_reset_requested', {
    userId: accountUserId,
    email: 'new.user@example.com',
    name: 'New User',
    resetUrl,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  const mails = await waitFor('two account e-mails', () =>
    mailsTo('new.user@example.com').length === 2 ? mailsTo('new.user@example.com') : undefined,
  );
  const verification = mails.find((m) => m.subject === 'Confirm your e-mail address')!;
  const reset = mails.find((m) => m.subject === 'Reset your password')!;
  t.ok(verification.text.includes(verifyUrl));
  t.ok(reset.text.includes(resetUrl));
  t.ok(reset.html.includes(resetUrl.replace(/=/g, '&#61;')), 'link attribute-escaped in HTML');
  for (const e of [v, r]) {
    const row = await sentRow(e.id);
    t.equal(row.status, 'sent');
    t.equal(row.payload, null, 'the one-time link is not kept once sent');
  }
});

t.test('sign-up with a taken address: the owner is told, with links to sign in and to a new password, no token', async (t) => {
  // Issue 39: accounts answers such a sign-up as if it had worked and tells the owner instead.
  const ev = await h.publish('accounts.user.sign_up_attempted', {
    userId: randomUUID(),
    email: 'already.here@example.com',
    name: 'Already Here',
    signInUrl: `${BASE_URL}/login`,
    resetUrl: `${BASE_URL}/forgot-password`,
  });
  const [mail] = await waitFor('the e-mail to the owner', () =>
    mailsTo('already.here@example.com').length === 1 ? mailsTo('already.here@example.com') : undefined,
  );
  t.equal(mail!.subject, 'Someone tried to sign up with your address');
  t.ok(mail!.text.includes('Hello Already Here'), 'greets the owner');
  t.ok(mail!.text.includes(`${BASE_URL}/login`) && mail!.text.includes(`${BASE_URL}/forgot-password`), 'both links');
  t.notOk(/token=/.test(mail!.text), 'no token: whoever tried need not be the owner');
  const row = await sentRow(ev.id);
  t.equal(row.kind, 'signup_attempt');
});

t.test('invitation e-mail: the accept link, the organization, the inviter and the role', async (t) => {
  const acceptUrl = `${BASE_URL}/invitations/accept?token=invitation-token-0123456789abcdef`;
  const ev = await h.publish('accounts.invitation.created', {
    invitationId: '5d0c2a8e-63c5-4c0d-8a1e-3b7f2f7d9a01',
    organizationId: '7a1c2a8e-63c5-4c0d-8a1e-3b7f2f7d9a02',
    organizationName: 'Acme <Academy>',
    email: 'colleague@example.com',
    role: 'issuer',
    invitedByName: 'Olga Owner',
    acceptUrl,
    expiresAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
  });
  const [mail] = await waitFor('the invitation e-mail', () => (mailsTo('colleague@example.com').length === 1 ? mailsTo('colleague@example.com') : undefined));
  t.equal(mail!.subject, INVITATION_SUBJECT, 'a fixed subject');
  t.ok(mail!.text.includes(acceptUrl), 'the accept link');
  t.ok(mail!.text.includes('as an issuer'), 'the role');
  t.ok(mail!.text.includes(`Inviter's name, as given by the inviter: "Olga Owner"`), 'the inviter, quoted and labelled');
  t.ok(mail!.html.includes('Acme &#60;Academy&#62;'), 'the organization name escaped in HTML');
  const row = await sentRow(ev.id);
  t.equal(row.payload, null, 'the token is not kept once sent');
});

t.test('invitation e-mail: what the inviter typed never reads as the platform speaking (subject, text, HTML)', async (t) => {
  // Security review (issue 39), finding 1: the subject was "{inviter} invited you to join {organization}".
  const inviter = 'Buy cheap pills at evil.example';
  const organizationName = 'URGENT claim your prize at evil.example';
  await h.publish('accounts.invitation.created', {
    invitationId: randomUUID(),
    organizationId: randomUUID(),
    organizationName,
    email: 'spam-target@example.com',
    role: 'viewer',
    invitedByName: inviter,
    acceptUrl: `${BASE_URL}/invitations/accept?token=invitation-token-spam-0123456789`,
    expiresAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
  });
  const [mail] = await waitFor('the invitation e-mail', () => (mailsTo('spam-target@example.com').length ? mailsTo('spam-target@example.com') : undefined));
  t.equal(mail!.subject, INVITATION_SUBJECT, 'the subject is ours alone');
  t.notOk(/evil|pills|prize/i.test(mail!.subject), 'no sender-chosen text in the subject');
  for (const [part, body] of [
    ['text', mail!.text],
    ['html', mail!.html],
  ] as const) {
    // Every occurrence of each sender-chosen value is inside quotes, right after its label.
    const open = part === 'text' ? '"' : '&#8220;<span style="font-family: monospace">';
    const close = part === 'text' ? '"' : '</span>&#8221;';
    for (const [label, value] of [
      ["Inviter's name, as given by the inviter:", inviter],
      ["Organization's name, as given by the inviter:", organizationName],
    ] as const) {
      const at = body.indexOf(value);
      t.ok(at > 0, `${part}: the value is there`);
      t.equal(body.indexOf(value, at + 1), -1, `${part}: once`);
      t.equal(body.slice(at - open.length, at), open, `${part}: opened by a quote`);
      t.equal(body.slice(at + value.length, at + value.length + close.length), close, `${part}: closed by a quote`);
      const before = body.slice(0, at - open.length);
      t.ok(before.replace(/<[^>]*>/g, '').trimEnd().endsWith(label), `${part}: labelled "${label}"`);
    }
    t.match(body, /not a message from us/, `${part}: says the names are not ours`);
  }
});

t.test('invitation e-mail: a name cannot leave its quotes (quote marks and line breaks)', async (t) => {
  await h.publish('accounts.invitation.created', {
    invitationId: randomUUID(),
    organizationId: randomUUID(),
    organizationName: 'Acme"\n\nYour account is suspended, visit evil.example',
    email: 'breakout@example.com',
    role: 'viewer',
    invitedByName: 'Eve \u201cthe platform\u201d',
    acceptUrl: `${BASE_URL}/invitations/accept?token=invitation-token-quote-0123456789`,
    expiresAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
  });
  const [mail] = await waitFor('the invitation e-mail', () => (mailsTo('breakout@example.com').length ? mailsTo('breakout@example.com') : undefined));
  t.ok(mail!.text.includes(`Organization's name, as given by the inviter: "Acme' Your account is suspended, visit evil.example"`), 'one line, its quote mark replaced');
  t.ok(mail!.text.includes(`Inviter's name, as given by the inviter: "Eve 'the platform'"`));
  t.notMatch(mail!.text, /^Your account is suspended/m, 'no line of its own');
});

t.test('recipient data is escaped in HTML and cannot inject headers', async (t) => {
  const name = '<img src=x onerror=alert(1)> "Bobby" & Co';
  await h.publish('credential.issued', credentialIssued(org, { recipientEmail: 'escape@example.com', recipientName: name }));
  const [mail] = await waitFor('escaped e-mail', () => (mailsTo('escape@example.com').length ? mailsTo('escape@example.com') : undefined));
  t.notOk(mail!.html.includes('<img'), 'no markup from the name');
  t.ok(mail!.html.includes('&#60;img src&#61;x onerror&#61;alert(1)&#62;'));
  t.ok(mail!.text.includes(name), 'plain text keeps the name as is');
  t.match(mail!.to, /"?<img src=x onerror=alert\(1\)> \\?"Bobby\\?" & Co"? <escape@example.com>/, 'display name quoted');

  for (const evil of ['Eve\r\nBcc: attacker@example.com', 'Eve\nX-Injected: 1', 'Eve\u2028Bcc: x@example.com']) {
    const ev = await h.publish('credential.issued', credentialIssued(org, { recipientEmail: 'victim@example.com', recipientName: evil }));
    const row = await waitFor('failed row', async () => {
      const r = await sendRow(ev.id);
      return r?.status === 'failed' ? r : undefined;
    });
    t.match(row.last_error, /line break|control/);
  }
  const badAddress = await h.publish('credential.issued', credentialIssued(org, { recipientEmail: 'a@example.com\r\nBcc: b@example.com' }));
  await waitFor('address refused', async () => (await sendRow(badAddress.id))?.status === 'failed');
  await settle();
  t.equal(h.smtp.messages.filter((m) => /attacker|victim|b@example.com/.test(m.raw)).length, 0, 'nothing sent for any of them');
  t.notOk(h.smtp.messages.some((m) => m.headerNames.includes('x-injected') || m.headerNames.includes('bcc')));
});

t.test('names the issuer accepts are accepted here: 200 characters are code points, not UTF-16 units', async (t) => {
  // 200 emoji: 200 code points (what issuance counts, docs/contract.md "Requests and bodies") but 400 UTF-16 units.
  const emoji = '\u{1F600}'.repeat(200);
  const astral = '\u{1D49C}da ' + '\u{1F469}\u200D\u{1F4BB}'.repeat(60);
  for (const [address, recipientName] of [
    ['emoji@example.com', emoji],
    ['astral@example.com', astral],
  ] as const) {
    const event = await h.publish('credential.issued', credentialIssued(org, { recipientEmail: address, recipientName }));
    const [mail] = await waitFor(`e-mail to ${address}`, () => (mailsTo(address).length ? mailsTo(address) : undefined));
    t.ok(mail, `${address}: sent, not dead-lettered`);
    const row = await sentRow(event.id);
    t.equal(row.recipient_name, recipientName, 'the name is kept whole');
  }
});

t.test('transient SMTP failures retry with backoff; permanent ones fail and are visible', async (t) => {
  h.smtp.failNext(451, 421);
  const ev = await h.publish('credential.issued', credentialIssued(org, { recipientEmail: 'flaky@example.com' }));
  let row = await waitFor('first failure recorded', async () => {
    const r = await sendRow(ev.id);
    return r?.attempts === 1 && r.locked_until === null ? r : undefined;
  });
  t.equal(row.status, 'pending');
  t.match(row.last_error, /451/);
  const wait1 = row.next_attempt_at.getTime() - h.clock.now().getTime();
  t.ok(wait1 > 25_000 && wait1 <= 30_000, `first retry after ~30 s (${wait1} ms)`);
  await settle();
  t.equal(mailsTo('flaky@example.com').length, 0, 'not retried before it is due');
  h.clock.advance(31_000);
  row = await waitFor('second failure', async () => {
    const r = await sendRow(ev.id);
    return r?.attempts === 2 && r.locked_until === null ? r : undefined;
  });
  const wait2 = row.next_attempt_at.getTime() - h.clock.now().getTime();
  t.ok(wait2 > 55_000 && wait2 <= 60_000, `then doubling (${wait2} ms)`);
  h.clock.advance(61_000);
  await waitFor('sent on the third attempt', () => mailsTo('flaky@example.com').length === 1);
  row = await waitFor('row sent', async () => ((await sendRow(ev.id))?.status === 'sent' ? sendRow(ev.id) : undefined));
  t.equal(row.attempts, 3);

  h.smtp.failNext(550);
  const perm = await h.publish('credential.issued', credentialIssued(org, { recipientEmail: 'gone@example.com' }));
  row = await waitFor('permanent failure', async () => {
    const r = await sendRow(perm.id);
    return r?.status === 'failed' ? r : undefined;
  });
  t.equal(row.attempts, 1, 'a 5xx is not retried');
  t.match(row.last_error, /SMTP 550/);
  const list = await h.client().ListNotifications({ organization_id: org.id, limit: 100, offset: 0 });
  const seen = list.notifications.find((n) => n.event_id === perm.id);
  t.equal(seen?.status, 'failed');
  t.equal(seen?.channel, 'email');
  t.equal(seen?.recipient, 'gone@example.com');
  t.match(seen?.last_error, /550/);
  t.ok(list.total >= 8);
});

t.test('no e-mail leaves before issuance holds its claim token: a refused registration is retried with a new token', async (t) => {
  h.issuance.failNext = 1;
  const callsBefore = h.issuance.calls;
  const data = credentialIssued(org, { recipientEmail: 'early@example.com' });
  const ev = await h.publish('credential.issued', data);
  let row = await waitFor('registration refused, send rescheduled', async () => {
    const r = await sendRow(ev.id);
    return r?.attempts === 1 && r.locked_until === null && r.next_attempt_at ? r : undefined;
  });
  t.equal(row.status, 'pending', 'still pending: it will be retried');
  t.match(row.last_error, /claim tokens not registered/);
  t.ok(h.issuance.calls > callsBefore, 'issuance was asked');
  t.equal(mailsTo('early@example.com').length, 0, 'nothing sent while issuance does not know the token');
  t.notOk(h.issuance.registered.some((r) => r.credential_uuid === data.credentialUuid), 'nothing registered by the refused call');
  h.clock.advance(31_000);
  const [mail] = await waitFor('sent on the retry', () => (mailsTo('early@example.com').length ? mailsTo('early@example.com') : undefined));
  const token = /\/claim\/[^?]+\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  const regs = h.issuance.registered.filter((r) => r.credential_uuid === data.credentialUuid);
  t.equal(regs.length, 1, 'one registration: the retry');
  t.equal(regs[0]!.token_hash, sha256(token), 'the e-mail carries the token registered before it was sent');
  row = await sentRow(ev.id);
  t.equal(row.attempts, 2);
});
