import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

// The service worker would answer some requests itself; these tests look at the page's policy alone.
test.use({ serviceWorkers: 'block' });

/** A same-origin script the policy allows to load; it records whether string evaluation runs. */
const EVAL_PROBE = `
  const outcome = (run) => { try { run(); return 'ran'; } catch (error) { return 'blocked: ' + error.name; } };
  document.documentElement.dataset.evalProbe = outcome(() => eval('1'));
  document.documentElement.dataset.functionProbe = outcome(() => new Function('return 1')());
`;

/** Adds an inline script through the DOM; resolves with the violated directive and whether it ran. */
function injectInlineScript(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ directive: string; ran: boolean }>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) =>
            resolve({
              directive: event.effectiveDirective,
              ran: (window as { inlineRan?: boolean }).inlineRan === true
            }),
          { once: true }
        );
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.body.append(script);
      })
  );
}

async function probeEval(page: Page) {
  await page.route('**/csp-probe.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: EVAL_PROBE })
  );
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.src = '/csp-probe.js';
    document.body.append(script);
  });
  await expect(page.locator('html')).toHaveAttribute('data-eval-probe', /./);
  return page.evaluate(() => ({ ...document.documentElement.dataset }));
}

function appShell(page: Page) {
  return page.getByRole('navigation', { name: 'Notebooks' });
}

test.describe('the served page (policy in the response header)', () => {
  test('blocks an inline script added to the page', async ({ page }) => {
    await page.goto('/');
    await expect(appShell(page)).toBeVisible();
    expect(await injectInlineScript(page)).toEqual({ directive: 'script-src-elem', ran: false });
  });

  test('blocks eval and new Function in the page', async ({ page }) => {
    await page.goto('/');
    expect(await probeEval(page)).toEqual({
      evalProbe: 'blocked: EvalError',
      functionProbe: 'blocked: EvalError'
    });
  });

  test('lets the page reach a model endpoint the user configures', async ({ page }) => {
    await page.route('http://127.0.0.1:11434/**', (route) => route.fulfill({ json: { models: [] } }));
    await page.goto('/');
    const status = await page.evaluate(() =>
      fetch('http://127.0.0.1:11434/api/tags').then(
        (r) => r.status,
        (e: Error) => e.message
      )
    );
    expect(status).toBe(200);
  });
});

test.describe("the static deployment (policy in 200.html's meta tag)", () => {
  const fallbackPage = readFileSync(fileURLToPath(new URL('../build/200.html', import.meta.url)), 'utf8');

  test.beforeEach(async ({ page }) => {
    // Serve the adapter's fallback page as a static host would: no CSP header, only its meta tag.
    await page.route(
      (url) => url.pathname === '/',
      (route) => route.fulfill({ contentType: 'text/html', body: fallbackPage })
    );
  });

  test('starts the app under its own policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await expect(appShell(page)).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('blocks an inline script added to the page', async ({ page }) => {
    await page.goto('/');
    await expect(appShell(page)).toBeVisible();
    expect(await injectInlineScript(page)).toEqual({ directive: 'script-src-elem', ran: false });
  });

  test('blocks eval and new Function in the page', async ({ page }) => {
    await page.goto('/');
    expect(await probeEval(page)).toEqual({
      evalProbe: 'blocked: EvalError',
      functionProbe: 'blocked: EvalError'
    });
  });
});
