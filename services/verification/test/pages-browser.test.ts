// The pages in a real browser: Debian's chromium driven by playwright-core, with a fresh profile
// directory, against the in-process service on loopback. Checks what a person sees, that the CSP
// blocks nothing the page needs, and that the lookup page verifies an uploaded baked PNG.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@cred/testing/browser';
import { badgeImageData, seedIssuer, signedCredential, startVerification } from './fixtures/harness.js';

const CHROMIUM = CHROMIUM_PATH;
if (!existsSync(CHROMIUM)) {
  t.fail(`${CHROMIUM} is missing (apt-get install chromium; .ci/run installs it)`);
  process.exit(1);
}

const h = await startVerification(t);
const { issuer, badge } = await seedIssuer(h);
// A real badge image, so the page shows it (and the image route is exercised).
const art = new PNG({ width: 64, height: 64 });
for (let i = 0; i < art.data.length; i += 4) art.data.set([40, 90, 200, 255], i);
await h.publish('issuance.badge.image_set', badgeImageData(issuer, badge, PNG.sync.write(art)));

const valid = await signedCredential(issuer, badge, { name: 'Jane Doe', email: 'jane.doe@example.com' });
await h.publish('credential.issued', valid.data);
const revoked = await signedCredential(issuer, badge, { name: 'Rob Revoked', email: 'rob@example.com' });
await h.publish('credential.issued', revoked.data);
await h.publish('credential.revoked', {
  credentialId: revoked.credentialId,
  credentialUuid: revoked.uuid,
  revokedAt: new Date().toISOString(),
  revocationReason: 'Issued to the wrong person',
});
const renewal = await signedCredential(issuer, badge, { name: 'Rob Revoked', email: 'rob@example.com', supersedes: revoked.uuid });
await h.publish('credential.issued', renewal.data);

const profile = mkdtempSync(path.join(os.tmpdir(), 'verification-chromium-'));
const context: BrowserContext = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: CHROMIUM_ARGS,
  viewport: { width: 1000, height: 900 },
});
t.teardown(async () => {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

const problems: string[] = [];
async function open(url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (m) => {
    // The document's own status (a 400 or 404 page) is logged too; that one is intended.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`${url}: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'document' && r.status() >= 400) problems.push(`${url}: ${r.url()} ${r.status()}`);
  });
  page.on('requestfailed', (r) => problems.push(`${url}: ${r.url()} failed`));
  page.on('pageerror', (e) => problems.push(`${url}: ${e.message}`));
  const response = await page.goto(`${h.base}${url}`);
  t.ok(response, url);
  return page;
}

async function imageLoaded(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((img) => {
    const i = img as unknown as { complete: boolean; naturalWidth: number };
    return i.complete && i.naturalWidth > 0;
  });
}

t.test('the verification page of a valid credential', async (t) => {
  const page = await open(`/verify/${valid.credentialId}`);
  t.equal(await page.locator('h1').textContent(), 'Teamwork');
  t.match(await page.getByRole('status').textContent(), /Verified: this credential is valid/);
  const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  t.match(body, /Awarded to Jane Doe \(j\*\*\*@example\.com\)/);
  t.match(body, /Acme Academy ✓ Domain verified/);
  t.match(body, /✓ Passed: Signature/);
  t.equal(await page.locator('html').getAttribute('lang'), 'en');
  t.equal(await page.locator('main').count(), 1);
  t.ok(await imageLoaded(page, 'main img'), 'the badge image loads under the CSP');
  t.equal(await page.locator('main img').getAttribute('alt'), 'Badge image: Teamwork');
  t.equal(await page.locator('.qr svg').count(), 1, 'QR code rendered inline');
  const file = path.join(os.tmpdir(), `verify-page-${valid.credentialId}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const shot = readFileSync(file);
  t.ok(shot.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'a PNG');
  const decoded = PNG.sync.read(shot);
  t.ok(decoded.width >= 1000 && decoded.height > 600, `${decoded.width}x${decoded.height}`);
  t.ok(shot.length > 20_000, `non-trivial screenshot (${shot.length} bytes)`);
  await page.close();
});

t.test('the verification page of a revoked, renewed credential', async (t) => {
  const page = await open(`/verify/${revoked.credentialId}`);
  t.match(await page.getByRole('status').textContent(), /Revoked: the issuer has revoked this credential/);
  const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  t.match(body, /Revocation reason Issued to the wrong person/);
  t.match(body, /✗ Failed: Not revoked/);
  await page.getByRole('link', { name: 'View the renewed credential' }).click();
  await page.waitForURL(`**/verify/${renewal.uuid}`);
  t.match(await page.getByRole('status').textContent(), /Verified/);
  await page.screenshot({ path: path.join(os.tmpdir(), `verify-page-${revoked.credentialId}.png`) });
  await page.close();
});

t.test('/verify-lookup: id form redirects, baked upload verifies', async (t) => {
  const page = await open('/verify-lookup');
  t.equal(await page.locator('h1').textContent(), 'Verify a credential');
  await page.getByLabel('Credential ID (CRD-…) or UUID').fill(valid.credentialId);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL(`**/verify/${valid.credentialId}`);
  t.equal(await page.locator('h1').textContent(), 'Teamwork');

  await page.goto(`${h.base}/verify-lookup?id=not-an-id`);
  t.match(await page.getByRole('alert').textContent(), /not a credential ID/);

  const baked = await h.get(`/api/credentials/${valid.credentialId}/baked`);
  const file = path.join(os.tmpdir(), `${valid.credentialId}-baked.png`);
  writeFileSync(file, baked.bytes);
  await page.goto(`${h.base}/verify-lookup`);
  await page.getByLabel('Badge image').setInputFiles(file);
  await page.getByRole('button', { name: 'Verify the file' }).click();
  await page.waitForLoadState('load');
  t.match(await page.getByRole('status').textContent(), /Verified: this credential is valid/);
  const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  t.match(body, /✓ Passed: signature/);
  t.match(body, /✓ Passed: registry/);
  await page.getByRole('link', { name: 'open its verification page' }).count();
  await page.screenshot({ path: path.join(os.tmpdir(), 'verify-lookup-result.png') });
  await page.close();
});

t.test('the public badge page', async (t) => {
  const page = await open(`/o/${issuer.slug}/badges/${badge.slug}`);
  t.equal(await page.locator('h1').textContent(), 'Teamwork');
  t.ok(await imageLoaded(page, 'main img'));
  t.match((await page.locator('main').innerText()).replace(/\s+/g, ' '), /Collaborates effectively\./);
  await page.close();
});

t.test('no console errors or CSP violations on any page', async (t) => {
  t.same(problems, []);
});
