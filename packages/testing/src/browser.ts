// A real browser for tests: Debian's chromium driven by playwright-core, each person in a
// context of their own (own cookies), with what a person would notice collected as it happens:
// script errors, CSP refusals, failed assets, and any request that leaves the platform.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags for a closed machine: without the background-networking ones chromium keeps trying
// to reach its vendor's hosts, and those refused connections show up as noise.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Person {
  context: BrowserContext;
  /** A new tab at origin + path, with the session's listeners attached. */
  open(pathAndQuery: string): Promise<Page>;
}

export interface BrowserSession {
  origin: string;
  /** A new person: a context with its own cookies and storage. */
  person(options?: { width?: number; height?: number }): Promise<Person>;
  /** Script errors, CSP refusals and failed assets seen so far, each prefixed by the page's address. */
  problems(): string[];
  /** Requests to anything but the platform's origin (the application must fetch nothing from elsewhere). */
  foreignRequests(): string[];
  /**
   * The pages' API calls (fetch) that answered 401, as "METHOD path (on page)". A 401 is always
   * logged to the browser's console; a page that asks "who is signed in?" of a visitor with no
   * session makes one for nothing.
   */
  unauthorizedCalls(): string[];
  close(): Promise<void>;
}

interface Teardown {
  teardown(fn: () => unknown): void;
}

/** Starts chromium; closes it at the test's teardown. Throws when chromium is not installed. */
export async function launchBrowser(t: Teardown, origin: string): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing (apt-get install chromium; .ci/run installs it)`);
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const problems: string[] = [];
  const foreign: string[] = [];
  const unauthorized: string[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await browser.close();
  };
  t.teardown(close);

  const watch = (page: Page) => {
    const where = () => page.url();
    page.on('console', (m) => {
      // A fetch answered 4xx is logged as "Failed to load resource"; the application shows
      // those answers itself (a 409 on issue, a 403 on a private page), so they are not faults.
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`${where()}: console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${where()}: script error: ${e.message}`));
    page.on('requestfailed', (r) => {
      const failure = r.failure()?.errorText ?? 'failed';
      // A navigation away cancels what the old page was still loading; that is not a fault.
      if (failure !== 'net::ERR_ABORTED') problems.push(`${where()}: ${r.method()} ${r.url()}: ${failure}`);
    });
    page.on('request', (r) => {
      const url = r.url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return;
      if (new URL(url).origin !== origin) foreign.push(url);
    });
    page.on('response', (r) => {
      const type = r.request().resourceType();
      if (['script', 'stylesheet', 'image', 'font'].includes(type) && r.status() >= 400) {
        problems.push(`${where()}: ${type} ${r.url()} answered ${r.status()}`);
      }
      if ((type === 'fetch' || type === 'xhr') && r.status() === 401) {
        unauthorized.push(`${r.request().method()} ${new URL(r.url()).pathname} (on ${new URL(where()).pathname})`);
      }
    });
  };

  return {
    origin,
    async person(options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1100, height: options.height ?? 900 },
        acceptDownloads: true,
      });
      context.on('page', watch);
      return {
        context,
        async open(pathAndQuery: string) {
          const page = await context.newPage();
          await page.goto(new URL(pathAndQuery, origin).toString());
          return page;
        },
      };
    },
    problems: () => [...problems],
    foreignRequests: () => [...foreign],
    unauthorizedCalls: () => [...unauthorized],
    close,
  };
}

let axeSource: string | undefined;

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules) and returns the serious and critical
 * violations, one line each with the elements concerned. The script goes in through the
 * DevTools protocol, so the page's own CSP (script-src 'self') stays as it is.
 */
export async function checkAccessibility(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate('typeof axe !== "undefined"');
  if (!loaded) await page.evaluate(axeSource);
  const violations = (await page.evaluate(AXE_RUN)) as { id: string; impact: string | null; help: string; targets: string[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url()}: ${v.id} (${v.impact}): ${v.help}: ${v.targets.slice(0, 5).join(', ')}`);
}

// In-page scripts are strings: they run in the page, where the DOM's names exist.
const AXE_RUN = `axe
  .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
  .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`;

const NARROW = `(() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width + 1) return [];
  const scrolls = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const o = getComputedStyle(e).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  };
  const wide = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const r = el.getBoundingClientRect();
    if (r.right > width + 1 && !scrolls(el.parentElement)) {
      const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
      wide.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + cls + ' (' + Math.round(r.right) + ' px)');
    }
  }
  return [location.pathname + ': the page is ' + document.documentElement.scrollWidth + ' px wide at ' + width + ' px: ' + wide.slice(0, 5).join(', ')];
})()`;

/**
 * Shows the page 375 px wide (a small phone) and names what makes the page scroll sideways:
 * elements wider than the viewport that are not inside a horizontally scrolling container.
 * The viewport is put back afterwards.
 */
export async function checkNarrow(page: Page): Promise<string[]> {
  const before = page.viewportSize();
  const scrolled = (await page.evaluate('[scrollX, scrollY]')) as [number, number];
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    return (await page.evaluate(NARROW)) as string[];
  } finally {
    if (before) await page.setViewportSize(before);
    await settle(page, scrolled);
  }
}

/**
 * Back to where the page was, laid out at its own size, after the viewport was changed: chromium
 * otherwise keeps the other layout's scroll offset until the next input event, and a click's
 * mousedown and mouseup then land on different elements.
 */
async function settle(page: Page, scrolled: [number, number]): Promise<void> {
  await page.evaluate(
    `new Promise((done) => { void document.documentElement.scrollHeight; scrollTo(${scrolled[0]}, ${scrolled[1]}); requestAnimationFrame(() => requestAnimationFrame(done)); })`,
  );
}

/** With UPDATE_SCREENSHOTS=1, saves the whole page as docs/screenshots/<name>.png under the given root. */
export async function screenshot(page: Page, root: string, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  const dir = path.join(root, 'docs', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const scrolled = (await page.evaluate('[scrollX, scrollY]')) as [number, number];
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true }); // resizes the viewport for the capture
  await settle(page, scrolled);
}
