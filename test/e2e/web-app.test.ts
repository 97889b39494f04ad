// The web application end to end, in Debian's chromium, against the whole platform started as
// separate processes: what an issuer, an operator, a recipient and a stranger each do, through
// the pages only (no API call from the test). Every page visited is checked with axe (serious and
// critical WCAG violations), at 375 px for sideways scrolling, for script errors, CSP refusals and
// failed assets, for requests leaving the platform and for calls refused with 401.
// UPDATE_SCREENSHOTS=1 also saves the main screens under docs/screenshots.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { checkAccessibility, checkNarrow, launchBrowser, screenshot } from '@cred/testing/browser';
import { setupStep, startTestPlatform } from './harness.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'correct horse battery staple';
const ORG = 'Harbour Sailing School';
const ISSUER_EMAIL = 'instructor@harbour.example';
const BADGE = 'Day Skipper';
const WAIT = { timeout: 30_000 };

// The whole journey, bulk job included, takes a few minutes on two busy cores.
t.setTimeout(900_000);

const tp = await setupStep('platform', () => startTestPlatform('webapp'));
t.teardown(() => tp.stop());
const origin = new URL(tp.env.BASE_URL!).origin;
const browser = await setupStep('chromium', () => launchBrowser(t, origin), tp.logFile);

const audited: string[] = [];
const findings: string[] = [];
/** Accessibility and narrow-screen checks of the page as it is now. */
async function audit(page: Page, shot?: string) {
  await page.waitForLoadState('networkidle');
  audited.push(new URL(page.url()).pathname);
  findings.push(...(await checkAccessibility(page)), ...(await checkNarrow(page)));
  if (shot) await screenshot(page, ROOT, shot);
}

/** A 96 px badge image: a filled circle, as an issuer would upload. */
function badgePng(): Buffer {
  const size = 96;
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const inside = (x - 48) ** 2 + (y - 48) ** 2 < 44 ** 2;
      png.data.set(inside ? [20, 90, 160, 255] : [0, 0, 0, 0], (y * size + x) * 4);
    }
  return PNG.sync.write(png);
}

/** On a failure, what the person saw: the address and the main region's text. */
t.afterEach(async (t) => {
  if (t.passing()) return;
  for (const p of issuer.context.pages()) {
    const seen = await p
      .locator('main')
      .innerText({ timeout: 2000 })
      .catch(() => '(no main region)');
    t.comment(`${p.url()}\n${seen.slice(0, 3000)}`);
  }
});

/** Picks the badge in the page's "Badge" list (its options also say how long it lasts). */
async function chooseBadge(page: Page) {
  const value = await page.locator('select[name="badgeId"] option', { hasText: BADGE }).getAttribute('value', WAIT);
  await page.getByLabel('Badge', { exact: true }).selectOption(value!);
}

const issuer = await browser.person();
const page = await issuer.open('/');
let orgId = '';

t.test('an issuer signs up with an organization and confirms the address', async (t) => {
  await page.getByRole('link', { name: 'Create an account' }).first().click();
  await audit(page, 'signup');
  await page.getByLabel('Your full name', { exact: true }).fill('Ina Instructor');
  await page.getByLabel('E-mail address', { exact: true }).fill(ISSUER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I issue credentials for an organization').check();
  await page.getByLabel('Organization name', { exact: true }).fill(ORG);
  t.equal(await page.getByLabel('Short name for web addresses').inputValue(), 'harbour-sailing-school', 'the short name follows the name');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('link', { name: 'Organization', exact: true }).click();
  await page.waitForURL(/\/org\/[0-9a-f-]{36}$/, WAIT);
  orgId = new URL(page.url()).pathname.split('/')[2]!;
  await page.getByRole('heading', { level: 1 }).waitFor();
  await audit(page, 'org-pending');
  t.match(await page.locator('main').innerText(), /review|approv/i, 'the overview says the organization awaits approval');

  const [link] = await tp.mailMatch(ISSUER_EMAIL, /http:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Your e-mail address is confirmed' }).waitFor(WAIT);
  t.notMatch(page.url(), /token=/, 'the token leaves the address bar');
  await audit(page);
});

t.test('an operator approves the organization and sets its plan in the console', async (t) => {
  const operator = await browser.person();
  const console_ = await operator.open('/admin');
  await audit(console_, 'admin-sign-in');
  await console_.getByLabel('Operator token', { exact: true }).fill(tp.adminToken);
  await console_.getByRole('button', { name: 'Sign in to the console' }).click();
  await console_.getByRole('button', { name: `Approve ${ORG}` }).click();
  await console_.getByRole('button', { name: `Approve ${ORG}` }).waitFor({ state: 'detached', ...WAIT });
  await console_.getByLabel(`Plan of ${ORG}`).selectOption('professional');
  await console_.getByRole('button', { name: `Change plan of ${ORG}` }).click();
  await console_.getByText(`${ORG} is now on the`).waitFor(WAIT);
  await audit(console_, 'admin-console');
  t.match(await console_.locator('main').innerText(), /Professional/);
  await console_.close();
});

t.test('the issuer generates keys, creates a badge with an image and issues one by keyboard', async (t) => {
  await page.goto(`${origin}/org/${orgId}/keys`);
  await page.getByRole('button', { name: 'Generate signing keys' }).click();
  await page.getByText(`did:web:`).first().waitFor(WAIT);
  await audit(page, 'signing-keys');
  // An owner rotates the key behind a confirmation; both keys are listed afterwards.
  await page.getByRole('button', { name: 'Rotate signing key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate key' }).click();
  await page.getByText('Rotated: new credentials are signed with').waitFor(WAIT);
  await page.getByRole('cell', { name: /#key-2$/ }).waitFor(WAIT);
  t.match(await page.locator('main').innerText(), /#key-1[\s\S]*Earlier key[\s\S]*#key-2[\s\S]*Current/);

  await page.goto(`${origin}/org/${orgId}/badges/new`);
  await page.getByLabel('Name', { exact: true }).fill(BADGE);
  await page.getByLabel('Description', { exact: true }).fill('Skippers a sailing yacht by day in familiar waters.');
  await page.getByLabel('Criteria', { exact: true }).fill('Five days on board, 100 miles logged, night hours and a passage plan.');
  await page.getByLabel('Tags (optional)', { exact: true }).fill('sailing, seamanship');
  await page.getByLabel('Expires after a fixed period').check();
  await page.getByLabel('Number of days', { exact: true }).fill('730');
  await page.getByLabel('Badge image (optional)').setInputFiles({ name: 'skipper.png', mimeType: 'image/png', buffer: badgePng() });
  // Open Badges details: the kind of achievement, an alignment and a result with its allowed values.
  await page.getByLabel('Kind of achievement').selectOption('Certificate');
  await page.getByRole('button', { name: 'Add an alignment' }).click();
  await page.getByLabel('Skill or standard', { exact: true }).fill('Day Skipper (RYA)');
  await page.getByLabel('Web address', { exact: true }).fill('https://example.org/syllabus/day-skipper');
  await page.getByRole('button', { name: 'Add a result' }).click();
  await page.getByLabel('Result name', { exact: true }).fill('Assessment');
  await page.getByLabel('Allowed values (optional)', { exact: true }).fill('Pass, Merit');
  await audit(page, 'badge-new');
  await page.getByRole('button', { name: 'Create badge' }).click();
  await page.waitForURL(new RegExp(`/org/${orgId}/badges/[0-9a-f-]{36}`), WAIT);
  await page.getByRole('heading', { name: `Edit badge: ${BADGE}` }).waitFor(WAIT);
  const image = page.locator('img.badge-img.large');
  await image.waitFor(WAIT);
  await page.waitForFunction((img) => (img as unknown as { complete: boolean }).complete, await image.elementHandle(), WAIT);
  const shown = await image.evaluate((img) => {
    const i = img as unknown as { naturalWidth: number; src: string };
    return { width: i.naturalWidth, src: i.src };
  });
  t.ok(shown.width > 0, `the uploaded image shows on the badge page (${shown.src})`);
  t.equal(new URL(shown.src).origin, origin, 'served by the platform');
  await audit(page, 'badge-edit');

  await page.goto(`${origin}/org/${orgId}/issue`);
  await chooseBadge(page);
  // From here on the keyboard only: type, Tab to the next field, Enter submits.
  await page.getByLabel("Recipient's name", { exact: true }).focus();
  await page.keyboard.type('Rowan Reef');
  await page.keyboard.press('Tab');
  await page.keyboard.type('rowan@crew.example');
  await page.keyboard.press('Enter');
  await page.getByText('Credential issued', { exact: true }).waitFor(WAIT);
  await audit(page, 'issued');
  // The badge's content reached its public page (through the verification read model).
  const visitor = await browser.person();
  const publicPage = await visitor.open('/o/harbour-sailing-school/badges/day-skipper');
  await publicPage.getByText('Day Skipper (RYA)').waitFor(WAIT);
  const publicText = await publicPage.locator('main').innerText();
  t.match(publicText, /Type: Certificate/);
  t.match(publicText, /Assessment \(Letter grade\): Pass, Merit/);
  await publicPage.close();
  const text = await page.locator('main').innerText();
  t.match(text, /Rowan Reef \(rowan@crew\.example\)/);
  t.ok(await page.getByRole('img', { name: /QR code/ }).count(), 'a QR code of the verification link');
});

t.test('bulk: 200 rows, 3 of them bad, checked first, issued, the report downloaded', async (t) => {
  const rows = ['name,email'];
  for (let i = 0; i < 200; i++) {
    if (i === 10) rows.push('Nobody,not-an-address');
    else if (i === 50) rows.push(',blank-name@crew.example');
    else if (i === 120) rows.push('No Domain,someone@');
    else rows.push(`Crew Member ${i},crew-${i}@crew.example`);
  }
  await page.goto(`${origin}/org/${orgId}/bulk`);
  await chooseBadge(page);
  await page.getByLabel('CSV file').setInputFiles({ name: 'crew.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n') + '\n') });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const go = page.getByRole('button', { name: /^Issue \d+ credentials$/ });
  await go.waitFor(WAIT);
  await audit(page, 'bulk-check');
  t.equal(await go.innerText(), 'Issue 197 credentials', 'the check finds the 3 bad rows');
  await go.click();
  await page.waitForURL(new RegExp(`/org/${orgId}/bulk/[0-9a-f-]{36}`), WAIT);
  await page.getByText('The job is finished', { exact: true }).waitFor({ timeout: 120_000 });
  t.match(await page.locator('main').innerText(), /197 issued, 0 renewed, 0 refused, 3 invalid, 0 failed/);
  await audit(page, 'bulk-job');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the report (CSV)' }).click(),
  ]);
  const report = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  t.equal(report.length, 201, 'a header and one line per row');
  t.equal(report.filter((l) => /,issued,/.test(l)).length, 197, 'issued rows');
});

let credentialId = '';
t.test('the issuer finds the keyboard-issued credential and revokes it', async (t) => {
  await page.goto(`${origin}/org/${orgId}/credentials?recipient=rowan`);
  await page.getByRole('link', { name: /^CRD-/ }).first().click();
  await page.getByRole('heading', { name: 'Revoke' }).waitFor(WAIT);
  await audit(page, 'credential-detail');
  await page.getByRole('button', { name: 'Revoke credential' }).click();
  await page.getByLabel('Reason for revoking').fill('Issued before the final assessment');
  await page.getByRole('button', { name: 'Yes, revoke credential' }).click();
  await page.getByText('This credential is revoked; verifiers see it as not valid.').waitFor(WAIT);
  t.match(await page.locator('main').innerText(), /Issued before the final assessment/);
  await audit(page);

  const verify = await browser.person();
  const crd = (await page.locator('main code', { hasText: /^CRD-/ }).first().innerText()).trim();
  const pub = await verify.open(`/verify/${crd}`);
  t.match(await pub.locator('body').innerText(), /revoked/i, 'the public page says revoked at once');
  await pub.close();
});

t.test('a recipient signs up, confirms, claims the credential and makes it private; a stranger is refused', async (t) => {
  const recipient = await browser.person({ width: 390, height: 844 });
  const phone = await recipient.open('/signup');
  await phone.getByLabel('Your full name', { exact: true }).fill('Crew Member 3');
  await phone.getByLabel('E-mail address', { exact: true }).fill('crew-3@crew.example');
  await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await phone.getByRole('button', { name: 'Create account' }).click();
  await phone.waitForURL(/\/\?signedUp=1|\/$/, WAIT);
  const [link] = await tp.mailMatch('crew-3@crew.example', /http:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/);
  await phone.goto(link);
  await phone.getByRole('link', { name: 'See the credentials issued to you' }).click();
  await phone.getByRole('button', { name: `Claim credential (${BADGE})` }).click();
  await phone.getByText(`You claimed “${BADGE}”.`).waitFor(WAIT);
  await audit(phone, 'my-credentials');
  await phone.getByRole('button', { name: `Make private (${BADGE})` }).click();
  await phone.getByText(`“${BADGE}” is now private.`).waitFor(WAIT);
  credentialId = (await phone.locator('main code', { hasText: /^CRD-/ }).first().innerText()).trim();
  t.match(credentialId, /^CRD-/);
  const [everything] = await Promise.all([
    phone.waitForEvent('download'),
    phone.getByRole('link', { name: 'Download all my credentials' }).click(),
  ]);
  t.match(everything.suggestedFilename(), /^credentials-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await everything.path())!, 'utf8')) as {
    credentials: Array<{ credential: { credentialSubject: { achievement: { name: string } } } }>;
  };
  t.same(
    exported.credentials.map((e) => e.credential.credentialSubject.achievement.name),
    [BADGE],
    'the button downloads one file holding the (now private) credential',
  );

  const own = await recipient.open(`/verify/${credentialId}`);
  t.match(await own.locator('body').innerText(), /valid/i, 'the recipient still sees the private page');
  const stranger = await browser.person();
  const refused = await stranger.context.newPage();
  const response = await refused.goto(`${origin}/verify/${credentialId}`);
  t.equal(response?.status(), 403, 'a stranger gets 403 for a private credential');
  t.match(await refused.locator('body').innerText(), /This credential is private/, 'and a page that says why');
  await audit(refused, 'verify-private-403');

  // Signed in, but not a member: the issuer's organization pages are a "Not found" page of their own.
  const notMember = await recipient.open(`/org/${orgId}/credentials`);
  await notMember.getByRole('heading', { name: 'Not found', level: 1 }).waitFor(WAIT);
  // The title is set just after the page is drawn (an effect), so it is waited for, then checked.
  await notMember.waitForFunction('document.title.startsWith("Not found")', undefined, WAIT).catch(() => undefined);
  t.equal(await notMember.title(), 'Not found · Credentials', 'the window title says it too');
  await audit(notMember);
  await notMember.close();
});

t.test('the issuer signs out and in again', async (t) => {
  await page.goto(`${origin}/org/${orgId}`);
  // The overview has loaded (as a person sees it before signing out): a request still in flight
  // at the sign-out would end in a 401 that no signed-out page asked for.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login\?signedOut=1/, WAIT);
  await audit(page, 'login');
  await page.goto(`${origin}/org/${orgId}/badges`);
  await page.getByRole('heading', { name: 'Sign in needed', level: 1 }).waitFor(WAIT);
  t.pass('the session is gone: an organization page asks to sign in');
  await audit(page);
  // Its sign-in link comes back to the page.
  await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/login\?next=/, WAIT);
  t.equal(new URL(page.url()).searchParams.get('next'), `/org/${orgId}/badges`, 'the sign-in page knows where to come back to');
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-mail address', { exact: true }).fill(ISSUER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Organization', exact: true }).waitFor(WAIT);
  t.pass('signed in again');
});

t.test('the owner invites a colleague as issuer; the colleague joins from the e-mail link and sees an issuer\'s sections', async (t) => {
  const colleagueEmail = 'mate@harbour.example';
  await page.goto(`${origin}/org/${orgId}/members`);
  await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor(WAIT);
  await page.getByLabel('Their e-mail address', { exact: true }).fill(colleagueEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('issuer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(`We sent an invitation to ${colleagueEmail}.`).waitFor(WAIT);
  t.match(await page.locator('main').innerText(), new RegExp(colleagueEmail), 'the pending invitation is listed');
  await audit(page, 'members');

  const [link] = await tp.mailMatch(colleagueEmail, /http:\/\/\S+\/invitations\/accept\?token=[A-Za-z0-9_-]+/);
  const colleague = await browser.person();
  const cp = await colleague.context.newPage();
  await cp.goto(link);
  await cp.getByRole('heading', { name: `Join ${ORG}`, level: 1 }).waitFor(WAIT);
  await audit(cp, 'invitation');
  await cp.getByLabel('Your full name', { exact: true }).fill('Mate Colleague');
  await cp.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await cp.getByRole('button', { name: 'Create account and continue' }).click();
  await cp.getByRole('button', { name: `Accept and join ${ORG}` }).click(WAIT);
  await cp.waitForURL(new RegExp(`/org/${orgId}$`), WAIT);
  const sections = cp.getByRole('navigation', { name: 'Organization' });
  await sections.getByRole('link', { name: 'Issue', exact: true }).waitFor(WAIT);
  for (const hidden of ['Signing keys', 'API keys', 'Webhooks', 'Settings'])
    t.equal(await sections.getByRole('link', { name: hidden, exact: true }).count(), 0, `an issuer is not shown ${hidden}`);
  await cp.goto(`${origin}/org/${orgId}/members`);
  await cp.getByRole('cell', { name: colleagueEmail }).waitFor(WAIT);
  t.equal(await cp.getByRole('button', { name: 'Send invitation' }).count(), 0, 'an issuer cannot invite');
  await audit(cp);
});

t.test('every page of the application passes the same checks', async (t) => {
  // Each page of the PAGES table, as the person it is for; the ones above were audited in use.
  const linkOn = async (path: string, selector: string) => {
    await page.goto(`${origin}${path}`);
    return (await page.locator(selector).first().getAttribute('href', WAIT))!;
  };
  const badgePage = await linkOn(`/org/${orgId}/badges`, `main a[href^="/org/${orgId}/badges/"]:not([href$="/new"])`);
  const credentialPage = await linkOn(`/org/${orgId}/credentials`, `main a[href^="/org/${orgId}/credentials/"]`);
  const bulkJobPage = await linkOn(`/org/${orgId}/bulk`, `main a[href^="/org/${orgId}/bulk/"]`);
  const issuerPages = [
    `/`,
    `/org/${orgId}`,
    `/org/${orgId}/keys`,
    `/org/${orgId}/badges`,
    badgePage,
    `/org/${orgId}/badges/new`,
    `/org/${orgId}/issue`,
    `/org/${orgId}/bulk`,
    `/org/${orgId}/credentials`,
    credentialPage,
    `/org/${orgId}/api-keys`,
    `/org/${orgId}/webhooks`,
    `/org/${orgId}/settings`,
    `/org/${orgId}/members`,
    `/org/${orgId}/analytics`,
    `/org/${orgId}/audit-log`,
    `/me/credentials`,
    bulkJobPage,
  ];
  for (const path of issuerPages) {
    await page.goto(`${origin}${path}`);
    await page.locator('main h1').first().waitFor(WAIT);
    await audit(page, path === `/org/${orgId}` ? 'org-overview' : path === `/org/${orgId}/analytics` ? 'analytics' : undefined);
  }
  // The audit log names who did it as the team knows them, not by a user id. (The bulk job's
  // entries fill the newest pages, so the action filter finds the badge's; the team list loads
  // beside the entries, so wait for the row to show the name.)
  await page.goto(`${origin}/org/${orgId}/audit-log?action=badge.created`);
  const created = page.locator('main tr', { hasText: 'Created a badge' }).filter({ hasText: 'Ina Instructor (' });
  const named = await created.first().waitFor(WAIT).then(
    () => true,
    () => false,
  );
  t.ok(named, 'the audit log names the member who created the badge');
  const anonymous = await browser.person();
  for (const path of ['/', '/signup', '/login', '/forgot-password', '/reset-password?token=abc', '/verify-email', '/invitations/accept', '/admin']) {
    const p = await anonymous.open(path);
    await p.locator('main h1').first().waitFor(WAIT);
    await audit(p);
    await p.close();
  }
  t.ok(audited.length >= 30, `${audited.length} page states audited in all`);
});

t.test('the checks find what they look for', async (t) => {
  // The audit's own test: a page with an unnamed button, an image without alt text and a
  // 900 px wide block must not pass, or the empty findings above would prove nothing.
  const probe = await (await browser.person()).context.newPage();
  await probe.setContent(
    '<!doctype html><html lang="en"><head><title>probe</title></head><body><main><h1>Probe</h1>' +
      '<button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '<div style="width:900px">wide</div></main></body></html>',
  );
  const violations = await checkAccessibility(probe);
  t.match(violations.join('\n'), /button-name/, 'an unnamed button is reported');
  t.match(violations.join('\n'), /image-alt/, 'an image without alt text is reported');
  t.match((await checkNarrow(probe)).join('\n'), /900 px wide at 375 px|wide at 375 px/, 'a block wider than the phone is reported');
  await probe.close();
});

t.test('nothing the pages did went wrong', async (t) => {
  t.ok(new Set(audited).size >= 24, `${new Set(audited).size} different pages audited`);
  t.same(findings, [], 'no serious or critical accessibility violation, nothing wider than a 375 px screen');
  t.same(browser.problems(), [], 'no script error, CSP refusal or failed asset');
  t.same(browser.foreignRequests(), [], 'no request left the platform');
  // Signed-out visitors (the stranger on a public page, the anonymous tour, the issuer after
  // signing out, the operator before the console sign-in) ask nothing that can only be refused,
  // and no signed-in page lost its session along the way.
  t.same(browser.unauthorizedCalls(), [], 'no page call answered 401');
});
