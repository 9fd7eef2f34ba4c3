// The derivation-tree viewer in a real browser: headless Chromium (Debian's package) driven
// by Playwright. For four teaching programs: the page loads without a console error, shows
// every node, stepping highlights nodes in the order the search met them, and clicking a
// subsumed node shows its subsumer and the entailment. Screenshots go to OUT_DIR.
//
//   node viewer.test.mjs CLPI_BINARY SOURCE_DIR OUT_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [clpi, sourceDir, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
let failures = 0;
const check = (ok, what) => { if (!ok) { failures++; console.error('FAIL: ' + what); } else console.log('ok: ' + what); };

function page_for(name) {
  const html = path.join(outDir, name + '.html');
  try {
    execFileSync(clpi, ['verify', '--quiet', '--tree', 'html', '-o', html, path.join(sourceDir, 'clp', name + '.clp')]);
  } catch (e) {
    if (![0, 5, 10].includes(e.status)) throw e;
  }
  const json = execFileSync(clpi, ['verify', '--quiet', '--tree', 'json', path.join(sourceDir, 'clp', name + '.clp')], { stdio: ['ignore', 'pipe', 'ignore'] });
  return { html, doc: JSON.parse(json.toString()) };
}

const browser = await chromium.launch({
  executablePath: browserPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
try {
  for (const name of ['rv11-fig1b-lock', 'lazy-diamond', 'merged-loops', 'ctigar-nest-if8']) {
    const { html, doc } = page_for(name);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = [];
    page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', e => errors.push(String(e)));
    await page.goto('file://' + html);
    check(errors.length === 0, name + ': no console error ' + errors.join(' | '));
    const shown = await page.locator('li:not(.hidden) > span.node').count();
    check(shown === doc.nodes.length, name + ': shows ' + shown + ' of ' + doc.nodes.length + ' nodes');

    // Stepping from the start highlights the node of each event, in exploration order.
    await page.click('#first');
    const order = [];
    for (let i = 0; i < Math.min(8, doc.events.length); i++) {
      await page.click('#next');
      const cur = await page.locator('span.node.current').getAttribute('data-id');
      order.push(Number(cur));
    }
    const expected = doc.events.slice(0, order.length).map(e => e.node);
    check(JSON.stringify(order) === JSON.stringify(expected), name + ': stepping follows the events ' + JSON.stringify(order));
    const hiddenAtStart = await page.locator('li.hidden').count();
    check(hiddenAtStart > 0, name + ': nodes not yet created are hidden while stepping');
    await page.click('#last');

    const subsumed = doc.nodes.find(n => n.kind === 'subsumed' && n.core && n.core.length > 0);
    if (subsumed) {
      await page.click('span.node[data-id="' + subsumed.id + '"]');
      const panel = await page.locator('#panel').innerText();
      check(panel.includes('subsumed by [' + subsumed.subsumer + ']') && panel.includes(subsumed.subsumer_interpolant),
            name + ': clicking node ' + subsumed.id + ' shows its subsumer and interpolant');
      check(panel.includes('proof (entailment)'), name + ': the panel shows the entailment');
    }
    const closed = doc.nodes.find(n => n.kind === 'closed' && n.kept && !n.discarded);
    if (closed) {
      await page.click('span.node[data-id="' + closed.id + '"]');
      const panel = await page.locator('#panel').innerText();
      check(panel.includes('kept (invariant): ' + closed.kept.join('; ')),
            name + ': clicking closed node ' + closed.id + ' shows the candidates it kept');
    }
    const restarted = doc.nodes.find(n => n.kind === 'restarted');
    if (restarted) {
      await page.click('span.node[data-id="' + restarted.id + '"]');
      const panel = await page.locator('#panel').innerText();
      check(panel.includes('restarted') && (!restarted.learnt || panel.includes(restarted.learnt.join('; '))),
            name + ': clicking restarted node ' + restarted.id + ' shows its kind and what its header learnt');
    }
    const restart = doc.events.find(e => e.kind === 'restart');
    if (restart) {
      const faded = await page.locator('li.faded').count();
      check(faded > 0, name + ': the subtree a restart discarded is faded');
    }
    await page.fill('#search', '2');
    const sel = await page.locator('span.node.selected').getAttribute('data-id');
    check(sel === '2', name + ': search by node id selects it');
    await page.screenshot({ path: path.join(outDir, name + '.png'), fullPage: false });
    await page.close();
  }
} finally {
  await browser.close();
}
if (failures) { console.error(failures + ' check(s) failed'); process.exit(1); }
console.log('viewer: all checks passed');
