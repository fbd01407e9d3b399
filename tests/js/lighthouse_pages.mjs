// Lighthouse on a list of pages, in one headless Chromium: the mobile form factor and
// its default (simulated) throttling. Driven by tests/lighthouse_pages.py, which serves
// the pages and reads what this prints.
//
//   node tests/js/lighthouse_pages.mjs < pages.json > results.json
//
// In: {"chrome": path, "chromeArgs": [...], "pages": [{"name", "url", "cookies": [{name,
// value, url}], "before": {"url", "click", "waitFor"} or null}]}. Each page gets a fresh
// browser context (no cache, no storage) holding its cookies; `before` is opened first
// (and its `click` selector clicked, until `waitFor` shows), for the page's own script
// to leave what it keeps in the browser (a practice round running), which the audit
// then keeps (disableStorageReset). Out: one result per page: its scores (0-100),
// cumulative layout shift, bytes over the wire, the elements that moved, and every
// audit of the categories that scored below 1 with its title, and the CPU slowdown the
// page was audited with (lighthouse_slowdown.mjs). With "reports": a folder,
// each page's whole Lighthouse report is written there too, as <page name>.json (its
// long tasks, main-thread work by kind, the largest contentful paint's element...).

import { writeFile } from "node:fs/promises";
import { join } from "node:path";

import lighthouse from "lighthouse";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import puppeteer from "puppeteer-core";

import { slowdownFor } from "./lighthouse_slowdown.mjs";

const CATEGORIES = ["performance", "accessibility"];

/**
 * The host's benchmark index, measured in this tab, and the CPU slowdown it calls for.
 * The first measure in a fresh tab runs cold (8 to 29% lower than the next on an idle
 * host here), so it is left out; of the two after it the higher is kept, the stricter
 * for the page.
 */
async function calibrate(tab) {
  const measure = () => tab.evaluate(pageFunctions.computeBenchmarkIndex);
  await measure();
  const index = Math.max(await measure(), await measure());
  return { index: Math.round(index), slowdown: slowdownFor(index) };
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/** What moved, as Lighthouse names it: each shifting element's selector and score. */
function movers(lhr) {
  const items = lhr.audits["layout-shifts"]?.details?.items ?? [];
  return items.map((item) => ({
    node: item.node?.selector ?? item.node?.snippet ?? "",
    score: item.score,
  }));
}

/** The audits of the categories that fell short, by category. */
function shortfalls(lhr) {
  const short = [];
  for (const name of CATEGORIES) {
    for (const ref of lhr.categories[name].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        short.push({ category: name, id: ref.id, title: audit.title, score: audit.score,
          value: audit.displayValue ?? "" });
      }
    }
  }
  return short;
}

// Lighthouse now and then fails to record a load's trace on a busy machine (NO_NAVSTART,
// "please run Lighthouse again"): such a run is tried again, up to this many times.
const ATTEMPTS = 3;

async function audit(browser, page, reports) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(browser, page, reports);
    } catch (error) {
      if (attempt >= ATTEMPTS || !/run Lighthouse again/.test(error.message)) throw error;
      process.stderr.write(`${page.name}: ${error.message}; once more\n`);
    }
  }
}

async function auditOnce(browser, page, reports) {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    // A running round asks before the page is left (beforeunload): the audit leaves it.
    tab.on("dialog", (dialog) => dialog.accept());
    if (page.cookies.length) await context.setCookie(...page.cookies);
    const host = await calibrate(tab);
    if (page.before) {
      await tab.goto(page.before.url, { waitUntil: "networkidle0" });
      if (page.before.click) await tab.click(page.before.click);
      if (page.before.waitFor) await tab.waitForSelector(page.before.waitFor, { visible: true });
    }
    const result = await lighthouse(
      page.url,
      {
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        disableStorageReset: true, // the context is fresh; keep what `before` left
        throttling: { cpuSlowdownMultiplier: host.slowdown }, // the rest as Lighthouse's
      },
      undefined,
      tab,
    );
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${page.url}: ${lhr.runtimeError.message}`);
    if (reports) await writeFile(join(reports, `${page.name.replaceAll(/\W+/g, "-")}.json`), result.report);
    return {
      name: page.name,
      url: page.url,
      finalUrl: lhr.finalDisplayedUrl,
      scores: Object.fromEntries(
        CATEGORIES.map((name) => [name, Math.round(lhr.categories[name].score * 100)]),
      ),
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      bytes: lhr.audits["total-byte-weight"].numericValue,
      moved: movers(lhr),
      short: shortfalls(lhr),
      warnings: lhr.runWarnings,
      // What the audit was run with, as Lighthouse's report says it.
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
      hostIndex: host.index,
    };
  } finally {
    await context.close();
  }
}

const input = await readStdin();
const browser = await puppeteer.launch({
  executablePath: input.chrome,
  args: input.chromeArgs,
  headless: true,
});
try {
  const results = [];
  for (const page of input.pages) {
    const started = Date.now();
    process.stderr.write(`${page.name}: ${page.url}\n`);
    results.push(await audit(browser, page, input.reports));
    process.stderr.write(`${page.name}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  process.stdout.write(JSON.stringify(results, null, 1) + "\n");
} finally {
  await browser.close();
}
