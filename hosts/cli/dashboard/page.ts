/**
 * The one page, served from memory: plain HTML, CSS and a small script, no dependency and
 * nothing fetched from elsewhere (the CSP allows only this origin). The server aggregates;
 * the script only draws what the JSON API returns. Every value from the evidence reaches the
 * DOM through textContent or a numeric SVG attribute, never as markup. Its fixed parts are
 * packed text (../packed-text.ts): the bundle carries them deflated.
 */
import { packedText } from '../packed-text';

const STYLE = packedText(`
:root{--bg:#fff;--fg:#1d2330;--mute:#667085;--line:#e4e7ec;--card:#f7f8fa;--ok:#3b82f6;--deny:#dc2626;--ask:#d97706;--ctx:#0d9488;--sel:#eef4ff}
@media (prefers-color-scheme:dark){:root{--bg:#14171c;--fg:#e6e8eb;--mute:#98a2b3;--line:#2b3039;--card:#1b1f26;--sel:#1e2a40}}
*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,-apple-system,Segoe UI,sans-serif;background:var(--bg);color:var(--fg)}
header{display:flex;gap:12px;align-items:center;padding:10px 20px;border-bottom:1px solid var(--line)}
header h1{font-size:17px;margin:0}header .mute{flex:1}
main{padding:14px 20px;display:grid;gap:18px;max-width:1400px}
h2{font-size:14px;margin:0 0 8px}.mute{color:var(--mute)}
.cards{display:flex;flex-wrap:wrap;gap:10px}.card{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:8px 12px;min-width:110px}
.card b{display:block;font-size:20px}.card.deny b{color:var(--deny)}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:18px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line);white-space:nowrap}
th{font-weight:600;color:var(--mute);font-size:12px}td.n{text-align:right;font-variant-numeric:tabular-nums}
tbody tr.pick{cursor:pointer}tbody tr.pick:hover,tbody tr.sel{background:var(--sel)}
.o-deny{color:var(--deny);font-weight:600}.o-ask{color:var(--ask)}.o-context{color:var(--ctx)}
svg text{fill:var(--mute);font-size:11px}.bar-checks{fill:var(--ok)}.bar-denies{fill:var(--deny)}.axis{stroke:var(--line)}
button,select{font:inherit;padding:3px 10px;border:1px solid var(--line);border-radius:5px;background:var(--card);color:var(--fg);cursor:pointer}
button[disabled]{opacity:.45;cursor:default}button.on{outline:2px solid var(--ok)}
.pager{display:flex;gap:8px;align-items:center;margin-top:8px}.chips{display:flex;gap:6px;margin-bottom:8px;flex-wrap:wrap}
#detail{border:1px solid var(--line);border-radius:6px;padding:12px;background:var(--card)}
#detail pre{white-space:pre-wrap;margin:0 0 10px;font:12px/1.5 ui-monospace,Menlo,monospace}
.error{color:var(--deny)}.scroll{overflow-x:auto}
`);

const SCRIPT = packedText(`
'use strict';
const token = document.querySelector('meta[name="stopline-token"]').content;
const view = { page: 1, size: 50, filters: {}, selected: null, pages: 1 };
const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
function el(tag, props, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === 'class') e.className = v; else if (k === 'data') Object.assign(e.dataset, v); else if (k.startsWith('on')) e.addEventListener(k.slice(2), v); else e[k] = v;
  }
  for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}
function svg(tag, attrs) { const e = document.createElementNS(SVG, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v)); return e; }
const when = (iso) => new Date(iso).toLocaleString();
const num = (n) => Number(n).toLocaleString();
async function api(path, init) {
  const r = await fetch(path, init);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.error || 'HTTP ' + r.status);
  return body;
}
function showError(err) { $('status').textContent = 'Error: ' + err.message; $('status').className = 'error'; }

function renderTotals(s) {
  const t = s.totals;
  const cards = [['checks', 'checked actions', t.checks], ['allowed', 'allowed', t.allowed], ['contexts', 'context', t.contexts], ['asks', 'asked', t.asks], ['denies', 'denied', t.denies],
    ['sessions', 'sessions', t.sessions], ['contractChanges', 'contract changes', t.contractChanges], ['labels', 'labelled', s.labels.correct + s.labels.incorrect + s.labels.inconclusive], ['damaged', 'damaged lines', t.damaged]];
  $('totals').replaceChildren(...cards.map(([key, label, n]) => el('div', { class: 'card' + (key === 'denies' ? ' deny' : ''), data: { total: key } }, el('b', {}, num(n)), el('span', { class: 'mute' }, label))));
  $('folder').textContent = s.folders.join(', ');
}

function renderChart(tl) {
  const box = $('chart');
  if (tl.from === null) { box.replaceChildren(el('p', { class: 'mute' }, 'No checked actions yet.')); return; }
  const W = 900, H = 200, L = 44, B = 22, n = tl.checks.length;
  const max = Math.max(1, ...tl.checks);
  const bw = (W - L) / n;
  const root = svg('svg', { viewBox: '0 0 ' + W + ' ' + (H + B), width: '100%', role: 'img', 'aria-label': 'checked actions and denials over time', id: 'timeline' });
  root.append(svg('line', { x1: L, y1: H, x2: W, y2: H, class: 'axis' }));
  for (const [v, y] of [[max, 10], [Math.round(max / 2), 10 + (H - 10) / 2]]) {
    const t = svg('text', { x: L - 6, y: y + 4, 'text-anchor': 'end' }); t.textContent = num(v); root.append(t);
    root.append(svg('line', { x1: L, y1: y, x2: W, y2: y, class: 'axis' }));
  }
  const scale = (v) => (v / max) * (H - 10);
  const span = tl.bucketMs >= 86400000 ? { dateStyle: 'medium' } : { dateStyle: 'short', timeStyle: 'short' };
  for (let i = 0; i < n; i++) {
    const x = L + i * bw + bw * 0.1, w = Math.max(1, bw * 0.8), c = tl.checks[i], d = tl.denies[i];
    const g = svg('g', { class: 'bucket', 'data-checks': c, 'data-denies': d });
    const tip = svg('title', {}); tip.textContent = new Date(tl.from + i * tl.bucketMs).toLocaleString(undefined, span) + ': ' + c + ' checked, ' + d + ' denied'; g.append(tip);
    g.append(svg('rect', { class: 'bar-checks', x, y: H - scale(c), width: w, height: scale(c) }));
    g.append(svg('rect', { class: 'bar-denies', x, y: H - scale(d), width: w, height: scale(d) }));
    root.append(g);
  }
  for (const [i, anchor] of [[0, 'start'], [n - 1, 'end']]) {
    const t = svg('text', { x: anchor === 'start' ? L : W, y: H + 16, 'text-anchor': anchor });
    t.textContent = new Date(tl.from + i * tl.bucketMs).toLocaleString(undefined, span); root.append(t);
  }
  box.replaceChildren(root);
  $('bucket').textContent = 'one bar = ' + (tl.bucketMs >= 86400000 ? tl.bucketMs / 86400000 + ' day(s)' : tl.bucketMs >= 3600000 ? tl.bucketMs / 3600000 + ' hour(s)' : tl.bucketMs / 60000 + ' minute(s)');
}

function renderBreakdown(id, rows, filter) {
  const body = rows.slice(0, 15).map((r) => el('tr', { class: 'pick', data: { name: r.name }, onclick: () => setFilter(filter, r.name) }, el('td', {}, r.name), el('td', { class: 'n' }, num(r.checks)), el('td', { class: 'n' }, num(r.denies))));
  $(id).replaceChildren(el('thead', {}, el('tr', {}, el('th', {}, filter === 'reason' ? 'reason code' : filter === 'toolClass' ? 'tool class' : 'host'), el('th', {}, 'checks'), el('th', {}, 'denied'))), el('tbody', {}, ...body));
}

function renderSessions(list) {
  const head = el('tr', {}, ...['session', 'host', 'last seen', 'state', 'mode', 'files', 'deps', 'hash', 'agents', 'checks', 'denied'].map((h) => el('th', {}, h)));
  const rows = list.map((s) => {
    const c = s.contract || {};
    return el('tr', {}, el('td', {}, s.key), el('td', {}, s.host), el('td', {}, when(s.lastAt)), el('td', {}, s.controlState),
      el('td', {}, (c.mode || '') + ' ' + (c.level || '')), el('td', {}, c.allowedPathCount === null || c.allowedPathCount === undefined ? 'any' : c.allowedPathCount),
      el('td', {}, c.deps || ''), el('td', {}, c.hash || ''), el('td', {}, (c.agentsUsed ?? '') + '/' + (c.agentBudget ?? '')), el('td', { class: 'n' }, num(s.checks)), el('td', { class: 'n' }, num(s.denies)));
  });
  $('sessions').replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));
}

function renderEvents(p) {
  view.pages = p.pages;
  const head = el('tr', {}, ...['time', 'host', 'type', 'tool', 'class', 'outcome', 'reason', 'session', 'label'].map((h) => el('th', {}, h)));
  const rows = p.rows.map((r) => el('tr', { class: 'pick' + (r.id === view.selected ? ' sel' : ''), data: { id: r.id }, onclick: () => openEvent(r.id) },
    el('td', {}, when(r.at)), el('td', {}, r.host + (r.child ? ' (sub)' : '')), el('td', {}, r.type), el('td', {}, r.tool), el('td', {}, r.toolClass),
    el('td', { class: 'o-' + r.outcome }, r.outcome), el('td', {}, r.reason), el('td', {}, r.session), el('td', { class: 'label' }, r.label || '')));
  $('events').replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));
  $('page').textContent = 'page ' + num(p.page) + ' of ' + num(p.pages) + ' (' + num(p.total) + ' events)';
  $('first').disabled = $('prev').disabled = p.page <= 1;
  $('next').disabled = $('last').disabled = p.page >= p.pages;
  const chips = Object.entries(view.filters).map(([k, v]) => el('button', { title: 'remove this filter', onclick: () => setFilter(k, null) }, k + ': ' + v + ' ×'));
  $('chips').replaceChildren(...chips);
}

async function loadEvents() {
  const q = new URLSearchParams({ page: view.page, size: view.size, ...view.filters });
  renderEvents(await api('/api/events?' + q));
}

function setFilter(name, value) {
  if (value === null) delete view.filters[name]; else view.filters[name] = value;
  view.page = 1;
  loadEvents().catch(showError);
}

async function openEvent(id) {
  view.selected = id;
  for (const tr of document.querySelectorAll('#events tbody tr')) tr.classList.toggle('sel', tr.dataset.id === id);
  const d = await api('/api/event?id=' + encodeURIComponent(id));
  $('detail').hidden = false;
  $('detail').scrollIntoView({ block: 'nearest' });
  $('detail-id').textContent = d.row.id;
  $('explain').textContent = d.explain;
  showLabel(d.row.label);
}

function showLabel(label) {
  for (const b of document.querySelectorAll('#labels button')) b.classList.toggle('on', b.dataset.label === label);
  $('label-status').textContent = label ? 'Label: ' + label : 'No label yet.';
}

async function setLabel(label) {
  const id = view.selected;
  if (!id) return;
  try {
    const r = await api('/api/labels', { method: 'POST', headers: { 'content-type': 'application/json', 'x-stopline-token': token }, body: JSON.stringify({ eventId: id, label }) });
    showLabel(r.label);
    const cell = document.querySelector('#events tr[data-id="' + id + '"] td.label');
    if (cell) cell.textContent = r.label;
    const s = await api('/api/summary');
    renderTotals(s);
    $('explain').textContent = (await api('/api/event?id=' + id)).explain;
  } catch (err) { $('label-status').textContent = 'Not saved: ' + err.message; }
}

async function loadAll() {
  const [s, sessions] = await Promise.all([api('/api/summary'), api('/api/sessions')]);
  renderTotals(s);
  renderChart(s.timeline);
  renderBreakdown('by-host', s.byHost, 'host');
  renderBreakdown('by-reason', s.byReason, 'reason');
  renderBreakdown('by-class', s.byToolClass, 'toolClass');
  renderSessions(sessions.sessions);
  await loadEvents();
  $('status').textContent = 'Updated ' + new Date().toLocaleTimeString();
  $('status').className = 'mute';
  document.body.dataset.ready = 'yes';
}

$('first').onclick = () => { view.page = 1; loadEvents().catch(showError); };
$('prev').onclick = () => { view.page = Math.max(1, view.page - 1); loadEvents().catch(showError); };
$('next').onclick = () => { view.page = Math.min(view.pages, view.page + 1); loadEvents().catch(showError); };
$('last').onclick = () => { view.page = view.pages; loadEvents().catch(showError); };
$('refresh').onclick = () => loadAll().catch(showError);
for (const b of document.querySelectorAll('#labels button')) b.onclick = () => setLabel(b.dataset.label);
loadAll().catch(showError);
setInterval(() => { if ($('auto').checked && !document.hidden) loadAll().catch(showError); }, 15000);
`);

const BODY = packedText(`
<header><h1>stopline</h1><span class="mute">evidence dashboard · <span id="folder"></span></span><span id="status" class="mute">Loading…</span>
<label class="mute"><input type="checkbox" id="auto" checked> auto-refresh</label><button id="refresh">Refresh</button></header>
<main>
<section class="cards" id="totals"></section>
<section><h2>Checked actions and denials over time <span id="bucket" class="mute"></span></h2><div id="chart"></div></section>
<section class="grid">
<div><h2>By host</h2><table id="by-host"></table></div>
<div><h2>By reason code</h2><table id="by-reason"></table></div>
<div><h2>By tool class</h2><table id="by-class"></table></div>
</section>
<section><h2>Current contract of recent sessions</h2><div class="scroll"><table id="sessions"></table></div></section>
<section><h2>Recent events <span class="mute">(click one for its explain text and label)</span></h2>
<div class="chips" id="chips"></div><div class="scroll"><table id="events"></table></div>
<div class="pager"><button id="first">«</button><button id="prev">‹ newer</button><span id="page" class="mute"></span><button id="next">older ›</button><button id="last">»</button></div></section>
<section id="detail" hidden><h2>Event <span id="detail-id"></span></h2><pre id="explain"></pre>
<div id="labels">Label this decision: <button data-label="correct">correct</button> <button data-label="incorrect">incorrect</button> <button data-label="inconclusive">inconclusive</button></div>
<p id="label-status" class="mute"></p></section>
</main>`);

function attr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export async function dashboardPage(opts: { token: string; nonce: string; version: string }): Promise<string> {
  const [style, body, script] = await Promise.all([STYLE(), BODY(), SCRIPT()]);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="stopline-token" content="${attr(opts.token)}"><title>stopline dashboard ${attr(opts.version)}</title>` +
    `<style nonce="${attr(opts.nonce)}">${style}</style></head><body>${body}<script nonce="${attr(opts.nonce)}">${script}</script></body></html>`
  );
}
