// Browser tests of the inarow play page: playwright-core driving Debian's
// Chromium (/usr/bin/chromium; never a downloaded browser).
//
//   INAROW_URL=http://127.0.0.1:8080 node e2e/run.mjs
//
// Screenshots go to e2e/artifacts/ (or $INAROW_ARTIFACTS); INAROW_ONLY=REGEXP
// runs only the scenarios whose names match. Exit status 0
// when every scenario passed or skipped, 1 otherwise. Run by
// cmd/inarow's TestServeBrowser, which starts the server.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const base = (process.env.INAROW_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const artifacts = process.env.INAROW_ARTIFACTS || join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const only = process.env.INAROW_ONLY ? new RegExp(process.env.INAROW_ONLY) : null;
mkdirSync(artifacts, { recursive: true });

const browser = await chromium.launch({
  executablePath,
  headless: true,
  // playwright gives every launch a fresh, empty --user-data-dir.
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

const results = [];
function check(cond, what) {
  if (!cond) throw new Error('check failed: ' + what);
}
async function shot(page, name) {
  await page.screenshot({ path: join(artifacts, name + '.png'), fullPage: true });
}
async function scenario(name, fn) {
  if (only && !only.test(name)) return;
  const started = Date.now();
  try {
    const r = await fn();
    results.push({ name, status: r === 'skip' ? 'SKIP' : 'PASS', ms: Date.now() - started });
  } catch (e) {
    results.push({ name, status: 'FAIL', ms: Date.now() - started, error: e.stack || String(e) });
  }
}

// board reads the shown board: rows of '.', 'x', 'o'.
async function board(page) {
  return page.$$eval('#board .row', (rows) => rows.map((r) => [...r.querySelectorAll('.cell')]
    .map((c) => (c.classList.contains('x') ? 'x' : c.classList.contains('o') ? 'o' : '.')).join('')));
}
const stones = (b) => b.join('').replace(/\./g, '').length;

async function createGame(page, { game, opponent, level, rule, seat }) {
  await page.goto(base + '/');
  await page.check(`input[name=game][value=${game}]`);
  if (rule) await page.check(`input[name=rule][value=${rule}]`);
  await page.check(`input[name=opponent][value=${opponent}]`);
  if (level) await page.check(`input[name=level][value="${level}"]`);
  if (seat) await page.check(`input[name=seat][value=${seat}]`);
  await page.click('#create');
}

// waitStatus waits for the status line to match re; on a timeout the error
// says what it showed instead (a CI run once timed out here with no word of
// what the page said: issue 23, session 56).
async function waitStatus(page, re, timeout = 10000) {
  try {
    await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#status').textContent), re.source, { timeout });
  } catch (e) {
    const shown = await page.textContent('#status').catch(() => '(unreadable)');
    throw new Error('the status never matched ' + re + ' in ' + timeout + ' ms; it shows ' + JSON.stringify(shown) + '\n' + e.message);
  }
}

// waitNote waits for the analysis note to match re; on a timeout the error
// says what the note showed instead, and a screenshot is kept. 30 s: under
// CI's race-detector build on two cores a 15 s wait once passed with the
// note still "Analysing…" (issue 23, session 45; the same test passed alone).
async function waitNote(page, re, name, timeout = 30000) {
  try {
    await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#analysis-note').textContent), re.source, { timeout });
  } catch (e) {
    const note = await page.textContent('#analysis-note').catch(() => '(unreadable)');
    await shot(page, name + '-timeout').catch(() => {});
    throw new Error('analysis note never matched ' + re + ' in ' + timeout + ' ms; it shows ' + JSON.stringify(note));
  }
}

// ---- 1. Connect Four against the computer, to the end ----
await scenario('connect4 vs computer to the end (keyboard and mouse, undo, record, replay, export)', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await createGame(page, { game: 'connect4', opponent: 'computer', level: 2 });
  await page.waitForSelector('#board .cell');
  await waitStatus(page, /Your turn/);

  // First move with the keyboard: focus the board, arrows, Enter.
  await page.focus('#board .cell[tabindex="0"]');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x, #board .cell.o').length === 2);
  let b = await board(page);
  check(b[5][3] === 'x', 'the keyboard move landed in column 4: ' + b.join('/'));

  // Undo takes back the move and the reply.
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x, #board .cell.o').length === 0);

  // Play by clicking the top cell of a column (the stone drops) until the
  // game ends, whoever wins.
  const order = [3, 2, 4, 1, 5, 0, 6];
  let turns = 0;
  for (;;) {
    const status = await page.textContent('#status');
    if (/win|Draw/.test(status)) break;
    check(turns++ < 40, 'the game did not end');
    await waitStatus(page, /Your turn|win|Draw/);
    if (/win|Draw/.test(await page.textContent('#status'))) break;
    b = await board(page);
    const col = order.find((c) => b[0][c] === '.');
    const before = stones(b);
    await page.click(`#board .cell[data-x="${col}"][data-y="0"]`);
    await page.waitForFunction((n) => document.querySelectorAll('#board .cell.x, #board .cell.o').length > n || /win|Draw/.test(document.querySelector('#status').textContent), before);
  }
  const status = await page.textContent('#status');
  const win = await page.$$('#board .cell.win');
  if (/win/.test(status)) check(win.length >= 4, 'the winning line is marked');
  check(await page.$('#board .cell.last') !== null, 'the last move is marked');

  // Record: the move string and replay.
  // The record is written when the <details> element's toggle event
  // arrives, a task after the click: wait for it rather than read at once
  // (CI once read the empty box).
  await page.click('#record-toggle');
  await page.waitForFunction(() => document.querySelector('#export-text').value !== '');
  const text = await page.inputValue('#export-text');
  check(/^[1-7]+$/.test(text), 'the export is a Connect Four move string: ' + text);
  const view = await (await page.request.get(base + '/api/games/' + new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('g'))).json();
  check(text === view.moves.join(''), 'the move string matches the game');
  await page.click('#replay-start');
  check(stones(await board(page)) === 0, 'replay at the start shows an empty board');
  await page.click('#replay-forward');
  check(stones(await board(page)) === 1, 'one move forward shows one stone');
  await shot(page, 'connect4-replay');
  await page.click('#replay-end');
  await shot(page, 'connect4-end');
  // A refused action: the game is over.
  await page.click('#board .cell[data-x="0"][data-y="0"]');
  await page.waitForSelector('#message:not([hidden])');
  check(/over/.test(await page.textContent('#message')), 'a move after the end is refused with a message');
  check(errors.length === 0, 'no page errors: ' + errors.join('; '));
  await ctx.close();
});

// ---- 1b. Analysis of a Connect Four position: every column's score ----
await scenario('connect4 analysis shows every column\'s score', async () => {
  // A local game brought to a position of Pons' test set (score 1) by the API.
  let r = await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'connect4', opponent: 'local' }) });
  let g = await r.json();
  const moves = '7422341735647741166133573473242566';
  for (let i = 0; i < moves.length; i++) {
    r = await fetch(base + '/api/games/' + g.id + '/moves', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + g.token }, body: JSON.stringify({ move: moves[i], ply: i }) });
    check(r.status === 200, 'API move ' + i + ': ' + r.status);
  }
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(base + '/#g=' + g.id);
  await page.waitForSelector('#board .cell.x');
  await waitStatus(page, /You are watching/);
  await page.check('#analysis-toggle');
  await waitNote(page, /Scores for/, 'connect4-analysis');
  const scores = await page.$$eval('#columns .colscore', (els) => els.map((e) => e.textContent));
  check(scores.length === 7, 'seven column scores');
  const nums = scores.filter((s) => s !== '').map(Number);
  check(nums.length > 0 && Math.max(...nums) === 1, 'the best column scores 1 (the position\'s value): ' + JSON.stringify(scores));
  await shot(page, 'connect4-analysis');
  await ctx.close();
});

// ---- 1c. Gomoku analysis: a victory by continuous fours, numbered ----
await scenario('gomoku analysis shows the forced line (caro rules)', async () => {
  // Black h8 i8 j8 (blocked at g8) and k9 k10 k11 (blocked at k12): k8 makes two fours.
  let r = await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: 'gomoku', opponent: 'local', rules: { rule: 'caro' } }) });
  const g = await r.json();
  check(r.status === 201, 'caro game created: ' + r.status);
  const moves = ['h8', 'g8', 'i8', 'k12', 'j8', 'a1', 'k9', 'a3', 'k10', 'a15', 'k11', 'o1'];
  for (let i = 0; i < moves.length; i++) {
    r = await fetch(base + '/api/games/' + g.id + '/moves', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + g.token }, body: JSON.stringify({ move: moves[i], ply: i }) });
    check(r.status === 200, 'API move ' + i + ': ' + r.status);
  }
  const ctx = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  const page = await ctx.newPage();
  // The game's event stream repeats the view (the same version) while the
  // analysis is under way, as a reconnecting stream does: the page must
  // still show the analysis.
  const view = await (await fetch(base + '/api/games/' + g.id)).text();
  let analysisAsked;
  const asked = new Promise((resolve) => { analysisAsked = resolve; });
  await page.route('**/api/games/*/events', async (route) => {
    await asked;
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 60000\n\nevent: game\ndata: ' + view + '\n\n' });
  });
  await page.route('**/api/games/*/analysis', async (route) => {
    analysisAsked();
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.goto(base + '/#g=' + g.id);
  await page.waitForSelector('#board .cell.x');
  check(/caro/.test(await page.textContent('#game-title')), 'the title names the rule');
  await page.check('#analysis-toggle');
  await waitNote(page, /wins by continuous fours/, 'gomoku-analysis-vcf');
  check(/k8/.test(await page.textContent('#analysis-note')), 'the note names k8');
  // k8 is x=10, y=15-8=7: the line's first move, numbered 1.
  const first = await page.textContent('#board .cell[data-x="10"][data-y="7"] .score');
  check(first === '1', 'k8 numbered 1, got ' + JSON.stringify(first));
  check((await page.$$('#board .score.line')).length === 3, 'three moves of the line on the board');
  await shot(page, 'gomoku-analysis-vcf');
  await ctx.close();
});

// ---- 1d. An agent (an outside program the server runs) as the opponent ----
await scenario('tic-tac-toe against an agent', async () => {
  const ctx = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  const page = await ctx.newPage();
  await page.goto(base + '/');
  const offered = await page.waitForSelector('#agent-choice:not([hidden])', { timeout: 5000 }).then(() => true, () => false);
  if (!offered) {
    console.log('SKIP agent: the server has no --agent');
    await ctx.close();
    return 'skip';
  }
  await page.check('input[name=game][value=tictactoe]');
  await page.check('input[name=opponent][value=agent]');
  check(!(await page.isHidden('#agent-options')), 'the agent list is shown');
  await page.selectOption('#agent', 'first');
  await page.click('#create');
  await page.waitForSelector('#board .cell');
  await waitStatus(page, /Your turn/);
  check(/vs agent first/.test(await page.textContent('#game-title')), 'the title names the agent');
  await page.click('#board .cell[data-x="1"][data-y="1"]');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x, #board .cell.o').length === 2);
  await waitStatus(page, /Your turn/);
  await shot(page, 'agent-game');
  // An agent that answers an illegal move forfeits: the player wins, told why.
  await page.click('#new-link');
  await page.waitForSelector('#create-form');
  await page.check('input[name=game][value=tictactoe]');
  await page.check('input[name=opponent][value=agent]');
  if (await page.$('#agent option[value=illegal]')) {
    await page.selectOption('#agent', 'illegal');
    await page.click('#create');
    await page.waitForSelector('#board .cell');
    await waitStatus(page, /Your turn/);
    await page.click('#board .cell[data-x="1"][data-y="1"]');
    await waitStatus(page, /You win: agent illegal broke the protocol/);
    await shot(page, 'agent-forfeit');
  }
  await ctx.close();
});

// ---- 2. A friend game across two browser contexts, live ----
await scenario('friend game across two browsers with live updates (phone-sized)', async () => {
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  const ca = await browser.newContext(phone);
  const cb = await browser.newContext(phone);
  const a = await ca.newPage();
  const b = await cb.newPage();
  await createGame(a, { game: 'connect4', opponent: 'friend' });
  await a.waitForSelector('#invite:not([hidden])');
  const link = await a.inputValue('#invite-link');
  check(/#g=.+&t=.+&s=second/.test(link), 'invite link: ' + link);
  await shot(a, 'friend-invite-phone');
  await b.goto(link);
  await b.waitForSelector('#board .cell');
  check(!(await b.evaluate(() => location.hash)).includes('t='), 'the token leaves the address bar');
  await waitStatus(b, /Waiting for your friend/);

  // The friend tries to move out of turn: refused with a message.
  await b.tap('#board .cell[data-x="0"][data-y="5"]');
  await b.waitForSelector('#message:not([hidden])');
  check(/not your turn/i.test(await b.textContent('#message')), 'out-of-turn message');

  // First: column 1 four times; second: column 2 three times. Each move
  // must appear in the other browser through the event stream.
  const moves = [[a, 0], [b, 1], [a, 0], [b, 1], [a, 0], [b, 1], [a, 0]];
  for (let i = 0; i < moves.length; i++) {
    const [page, col] = moves[i];
    const other = page === a ? b : a;
    await waitStatus(page, /Your turn/);
    await page.tap(`#board .cell[data-x="${col}"][data-y="0"]`);
    await other.waitForFunction((n) => document.querySelectorAll('#board .cell.x, #board .cell.o').length === n, i + 1, { timeout: 10000 });
  }
  await waitStatus(a, /You win/);
  await waitStatus(b, /friend wins/);
  check((await a.$$('#board .cell.win')).length === 4, 'winning line in the winner\'s browser');
  check((await b.$$('#board .cell.win')).length === 4, 'winning line in the other browser');
  await shot(a, 'friend-winner-phone');
  await shot(b, 'friend-loser-phone');
  // A spectator without a token sees the game and cannot move.
  const cs = await browser.newContext();
  const s = await cs.newPage();
  await s.goto(link.split('&')[0]);
  await waitStatus(s, /wins/);
  await ca.close(); await cb.close(); await cs.close();
});

// ---- 3. Renju: a forbidden point is refused ----
await scenario('renju forbidden point refused', async () => {
  const ctx = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  const page = await ctx.newPage();
  await createGame(page, { game: 'gomoku', opponent: 'local', rule: 'renju' });
  const outcome = await Promise.race([
    page.waitForSelector('#board .cell', { timeout: 10000 }).then(() => 'game'),
    page.waitForSelector('#form-message', { timeout: 10000 }).then(() => 'refused'),
  ]);
  if (outcome === 'refused') {
    const msg = await page.textContent('#form-message');
    check(/renju/i.test(msg), 'renju refusal message: ' + msg);
    console.log('SKIP renju: ' + msg + ' (the renju rules are not wired into the server yet)');
    await shot(page, 'renju-unavailable');
    await ctx.close();
    return 'skip';
  }
  // Black g8 h8 i7 i6, white far away: i8 makes two open threes for black.
  const seq = ['g8', 'a1', 'h8', 'a3', 'i7', 'a5', 'i6', 'a7'];
  const xy = (m) => [m.charCodeAt(0) - 97, 15 - parseInt(m.slice(1), 10)];
  for (const m of seq) {
    const [x, y] = xy(m);
    const before = stones(await board(page));
    // The live stream can show the last move before its reply has come;
    // a click while the page is still sending is not taken (a CI run timed
    // out here: issue 23, session 54), so wait until it is done.
    await waitStatus(page, /to move\./);
    await page.click(`#board .cell[data-x="${x}"][data-y="${y}"]`);
    await page.waitForFunction((n) => document.querySelectorAll('#board .cell.x, #board .cell.o').length > n, before);
  }
  const [fx, fy] = xy('i8');
  await page.waitForSelector(`#board .cell.forbidden[data-x="${fx}"][data-y="${fy}"]`);
  await page.click(`#board .cell[data-x="${fx}"][data-y="${fy}"]`);
  await page.waitForSelector('#message:not([hidden])');
  check(/forbidden/i.test(await page.textContent('#message')), 'forbidden message');
  check(stones(await board(page)) === seq.length, 'the forbidden move was not played');
  await shot(page, 'renju-forbidden');
  // The record exports as SGF (package gomoku's writer, Gomocup rule 4).
  await page.click('#record-toggle');
  await page.selectOption('#export-format', 'sgf');
  await page.waitForFunction(() => document.querySelector('#export-text').value.startsWith('(;'));
  const sgf = await page.inputValue('#export-text');
  check(/^\(;FF\[4\]GM\[4\]RU\[4\]SZ\[15\]/.test(sgf) && sgf.includes('B[gh]'), 'renju SGF: ' + sgf);
  await ctx.close();
});

// ---- helpers of the page's scenarios below ----
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// apiGame creates a game through the API and plays moves in it.
async function apiGame(body, moves = []) {
  let r = await fetch(base + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const g = await r.json();
  check(r.status === 201, 'game created: ' + r.status + ' ' + JSON.stringify(g));
  let view = g;
  for (let i = 0; i < moves.length; i++) {
    r = await fetch(base + '/api/games/' + g.id + '/moves', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + g.token }, body: JSON.stringify({ move: moves[i], ply: view.ply }) });
    view = await r.json();
    check(r.status === 200, 'API move ' + moves[i] + ': ' + r.status + ' ' + JSON.stringify(view));
  }
  return { id: g.id, token: g.token, invite: g.invite_token, seat: g.seat, view };
}
async function getView(id) {
  return (await fetch(base + '/api/games/' + id)).json();
}
// seat keeps a game's seat in the page's storage, as creating it there does.
async function seat(page, g, extra = {}) {
  await page.goto(base + '/');
  await page.evaluate(([id, entry]) => {
    const all = JSON.parse(localStorage.getItem('inarow.games') || '{}');
    all[id] = Object.assign({ at: Date.now() }, entry);
    localStorage.setItem('inarow.games', JSON.stringify(all));
  }, [g.id, Object.assign({ token: g.token, seat: g.seat, game: g.view.game, opponent: g.view.opponent }, extra)]);
}
async function openGame(page, id) {
  await page.goto(base + '/#g=' + id);
  await page.waitForSelector(`#board[data-game="${id}"] .cell`);
}
// contrast: the WCAG contrast ratio of two CSS colours (rgb/rgba strings).
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => {
      v = Number(v) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
const style = (page, sel, prop, pseudo = null) => page.$eval(sel, (e, [p, ps]) => getComputedStyle(e, ps).getPropertyValue(p), [prop, pseudo]);

// ---- 4. The board: coordinates, star points, marks, palette, best move ----
await scenario('board: coordinates, star points, last move, palette and contrast, the best move marked (desktop)', async () => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const go = await apiGame({ game: 'gomoku', opponent: 'local', rules: { rule: 'freestyle' } }, ['h8', 'i9', 'i8', 'g8', 'j7', 'h7']);
  await openGame(page, go.id);
  const files = await page.$$eval('#files-bottom span', (s) => s.map((e) => e.textContent).join(''));
  check(files === 'abcdefghijklmno', 'gomoku files a–o under the board: ' + files);
  const ranks = await page.$$eval('#ranks span', (s) => s.map((e) => e.textContent));
  check(ranks.length === 15 && ranks[0] === '15' && ranks[14] === '1', 'ranks 15 at the top to 1 at the bottom: ' + ranks);
  // The ranks line up with the rows: h8's row has the label 8.
  const rowBox = await (await page.$('#board .cell[data-x="7"][data-y="7"]')).boundingBox();
  const rankBox = await (await page.$('#ranks span:nth-child(8)')).boundingBox();
  check(Math.abs((rowBox.y + rowBox.height / 2) - (rankBox.y + rankBox.height / 2)) < 4, 'rank 8 beside h8\'s row');
  const stars = await page.$$eval('#board .cell.star', (s) => s.map((c) => c.dataset.x + ',' + c.dataset.y).sort().join(' '));
  check(stars === '11,11 11,3 3,11 3,3 7,7', 'star points h8 d4 l4 d12 l12: ' + stars);
  check(await page.$eval('#board .cell.last', (c) => c.getAttribute('aria-label')) === 'h7: White, the last move', 'the last move is h7, named');
  // The focus ring: dark outside, light inside; the dark one at least 3:1
  // against the wood.
  await page.focus('#board .cell[tabindex="0"]');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  const wood = await style(page, '#board', 'background-color');
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineColor);
  check(contrast(ring, wood) >= 3, 'focus ring ' + ring + ' on the wood ' + wood + ': ' + contrast(ring, wood).toFixed(2));
  // White stones have a dark rim against the wood.
  const rim = (await style(page, '#board .cell.o .stone', 'box-shadow')).match(/rgba?\([^)]*\)/)[0];
  check(contrast(rim, wood) >= 3, 'white stone rim on the wood: ' + contrast(rim, wood).toFixed(2));
  // Analysis: the best candidate is marked; marks stand out from the wood.
  await page.check('#analysis-toggle');
  await waitNote(page, /Best:|wins/, 'board-gomoku-best');
  check((await page.$$('#board .score.best')).length === 1, 'one best move marked');
  const mark = await page.$('#board .score:not(:empty)');
  const markBg = await mark.evaluate((e) => getComputedStyle(e).backgroundColor);
  const markFg = await mark.evaluate((e) => getComputedStyle(e).color);
  check(contrast(markFg, markBg) >= 4.5, 'mark text on its disc: ' + contrast(markFg, markBg).toFixed(2));
  check(contrast(markFg, wood) >= 3, 'mark rim on the wood: ' + contrast(markFg, wood).toFixed(2));
  await shot(page, 'board-gomoku-desktop');

  // Connect Four: 1–7 over the columns, chips told apart by more than hue.
  const c4 = await apiGame({ game: 'connect4', opponent: 'local' }, ['4', '4', '5', '3']);
  await openGame(page, c4.id);
  const cols = await page.$$eval('#files-top span', (s) => s.map((e) => e.textContent).join(''));
  check(cols === '1234567', 'columns 1–7 over the board: ' + cols);
  check(await page.isHidden('#ranks'), 'no ranks beside a Connect Four board');
  const yellow = await style(page, '#board .cell.x .stone', 'background-color');
  const red = await style(page, '#board .cell.o .stone', 'background-color');
  const hole = await style(page, '#board .cell[data-x="0"][data-y="0"] .stone', 'background-color');
  check(contrast(yellow, red) >= 3, 'yellow and red differ in lightness: ' + contrast(yellow, red).toFixed(2));
  const yrim = (await style(page, '#board .cell.x .stone', 'box-shadow')).match(/rgba?\([^)]*\)/)[0];
  check(contrast(yrim, hole) >= 3, 'the yellow chip\'s rim against an empty hole: ' + contrast(yrim, hole).toFixed(2));
  await page.check('#analysis-toggle');
  await waitNote(page, /Scores for/, 'board-c4-best');
  const best = await page.$$eval('#columns .colscore.best', (s) => s.map((e) => e.textContent));
  const all = await page.$$eval('#columns .colscore', (s) => s.map((e) => e.textContent).filter((t) => t !== '').map((t) => parseInt(t, 10)));
  check(best.length >= 1 && best.every((b) => parseInt(b, 10) === Math.max(...all)), 'the best columns starred: ' + best + ' of ' + all);
  check((await page.$$('#board .cell.drop-best')).length === best.length, 'where the best stones would land is ringed');
  await shot(page, 'board-c4-analysis-desktop');

  // A finished game: the winning line marked and named.
  const won = await apiGame({ game: 'connect4', opponent: 'local' }, ['1', '2', '1', '2', '1', '2', '1']);
  await openGame(page, won.id);
  const wins = await page.$$eval('#board .cell.win', (s) => s.map((c) => c.getAttribute('aria-label')));
  check(wins.length === 4 && wins.every((l) => /winning line/.test(l)), 'four cells in the winning line: ' + wins);
  await shot(page, 'board-c4-won-desktop');

  // Tic-tac-toe names its rows and columns as its moves do.
  const ttt = await apiGame({ game: 'tictactoe', opponent: 'local' }, ['middle-center']);
  await openGame(page, ttt.id);
  check((await page.$$eval('#files-top span', (s) => s.map((e) => e.textContent).join(' '))) === 'left center right', 'tic-tac-toe columns named');
  check((await page.$$eval('#ranks span', (s) => s.map((e) => e.textContent).join(' '))) === 'top middle bottom', 'tic-tac-toe rows named');
  await shot(page, 'board-tictactoe-desktop');
  await ctx.close();
});

await scenario('board on a phone: tap to preview, tap again to play (gomoku), coordinates', async () => {
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const go = await apiGame({ game: 'gomoku', opponent: 'local', rules: { rule: 'freestyle' } }, ['h8']);
  await seat(page, go);
  await openGame(page, go.id);
  await waitStatus(page, /White to move/);
  check(await page.isChecked('#confirm-toggle'), 'confirming is on for small points on a touch screen');
  check(/Tap/.test(await page.textContent('#help')) && !/arrow keys/.test(await page.textContent('#help')), 'the help speaks of taps');
  await page.tap('#board .cell[data-x="8"][data-y="6"]'); // i9
  await page.waitForSelector('#board .cell.preview[data-x="8"][data-y="6"]');
  check(stones(await board(page)) === 1, 'a first tap plays nothing');
  check(/Play i9\?/.test(await page.textContent('#preview-bar')), 'the preview names the point');
  await shot(page, 'board-gomoku-preview-phone');
  await page.tap('#board .cell[data-x="9"][data-y="6"]'); // j9: the preview moves
  await page.waitForSelector('#board .cell.preview[data-x="9"][data-y="6"]');
  await page.tap('#board .cell[data-x="9"][data-y="6"]');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x, #board .cell.o').length === 2);
  check((await getView(go.id)).moves[1] === 'j9', 'the second tap played j9');
  // Connect Four's columns are wide enough: one tap plays.
  const c4 = await apiGame({ game: 'connect4', opponent: 'local' });
  await seat(page, c4);
  await openGame(page, c4.id);
  check(!(await page.isChecked('#confirm-toggle')), 'no confirming on Connect Four\'s wide columns');
  await page.tap('#board .cell[data-x="3"][data-y="0"]');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x').length === 1);
  await shot(page, 'board-c4-phone');
  await ctx.close();
});

// ---- 5. Beside the board: players, the move list, scrubbing ----
await scenario('move list in notation, clickable; ← → Home End scrub without changing the game', async () => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const g = await apiGame({ game: 'gomoku', opponent: 'local', rules: { rule: 'standard' } }, ['h8', 'i9', 'i8', 'g8', 'j7']);
  await openGame(page, g.id);
  const moves = await page.$$eval('#move-list .move', (s) => s.map((e) => e.textContent));
  check(moves.join(' ') === 'h8 i9 i8 g8 j7', 'the moves in notation: ' + moves);
  check((await page.$$eval('#move-list .num', (s) => s.map((e) => e.textContent))).join('') === '1.2.3.', 'numbered by pairs');
  await page.click('#move-list .move[data-ply="2"]');
  check(stones(await board(page)) === 2, 'clicking move 2 shows two stones');
  check(/Looking back: move 2 of 5/.test(await page.textContent('#status')), 'the status says so');
  await page.locator('body').focus();
  await page.keyboard.press('ArrowLeft');
  check(stones(await board(page)) === 1, '← one back');
  await page.keyboard.press('Home');
  check(stones(await board(page)) === 0, 'Home: the empty board');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  check(stones(await board(page)) === 3, '→ three times');
  await shot(page, 'moves-scrub-desktop');
  await page.keyboard.press('End');
  check(stones(await board(page)) === 5, 'End: the game now');
  const v = await getView(g.id);
  check(v.ply === 5 && v.version === g.view.version, 'the game is unchanged');
  // Against the computer: the players are named with its level.
  const cg = await apiGame({ game: 'connect4', opponent: 'computer', level: 3 });
  await seat(page, cg);
  await openGame(page, cg.id);
  const players = await page.$$eval('#players li', (s) => s.map((e) => e.textContent));
  check(/Yellow — you/.test(players[0]) && /Red — computer, level 3/.test(players[1]), 'players named: ' + players);
  check(/Your turn/.test(await page.title()), 'the title says whose turn: ' + await page.title());
  await ctx.close();
});

// ---- 6. Finish: dark mode, titles, favicon, errors, the start page ----
await scenario('start page: the games drawn, levels named per game, default level 3, dark mode, favicon, error page', async () => {
  for (const [name, opts] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    await page.goto(base + '/');
    await page.waitForSelector('#create-form');
    check((await page.$$('.game-card .pic svg')).length === 5, 'five games drawn');
    check(await page.isChecked('input[name=level][value="3"]'), 'level 3 by default, as the CLI');
    const level = (n) => page.textContent(`.level-name[data-level="${n}"]`);
    // The levels are named as engine.For's players are (GET /api/levels):
    // ≤ 16 cells Greedy/Perfect/Perfect, Connect Four Beginner/Club/Best,
    // gomoku Greedy/engine depth 4/engine, other m,n,k Greedy/MCTS/MCTS.
    const names = async (want) => {
      try {
        await page.waitForFunction((w) => [1, 2, 3].map((n) => document.querySelector(`.level-name[data-level="${n}"] b`)?.textContent || '').join('|') === w, want, { timeout: 5000 });
      } catch (e) {
        throw new Error('levels named ' + JSON.stringify(await page.$$eval('.level-name', (s) => s.map((e) => e.textContent))) + ', want ' + want);
      }
    };
    await names('1. Beginner|2. Club|3. Best');
    check(/4 moves ahead/.test(await level(2)), 'Connect Four level 2 is a 4-ply search: ' + await level(2));
    check(/perfect/.test(await level(3)), 'Connect Four level 3 is perfect: ' + await level(3));
    await page.check('input[name=game][value=tictactoe]');
    await names('1. Greedy|2. Perfect|3. Perfect');
    await page.check('input[name=game][value=gomoku]');
    await names('1. Greedy|2. Engine, depth 4|3. Engine');
    check(/threat search/.test(await level(3)), 'gomoku level 3 is the engine: ' + await level(3));
    await page.check('input[name=game][value=mnk]');
    await page.fill('#mnk-m', '7');
    await page.fill('#mnk-n', '7');
    await names('1. Greedy|2. MCTS|3. MCTS');
    check(/Monte Carlo/.test(await level(2)) && /Monte Carlo/.test(await level(3)), 'a 7×7 m,n,k is MCTS: ' + await level(2));
    await page.fill('#mnk-m', '4');
    await page.fill('#mnk-n', '4');
    await names('1. Greedy|2. Perfect|3. Perfect');
    await page.check('#mnk-gravity');
    await page.fill('#mnk-k', '3');
    await names('1. Beginner|2. Club|3. Best');
    await page.check('input[name=game][value=connect4]');
    await names('1. Beginner|2. Club|3. Best');
    await shot(page, 'start-' + name);
    await ctx.close();
  }
  // Dark mode follows the system, and the switch overrides it.
  const dark = await browser.newContext(Object.assign({ colorScheme: 'dark' }, DESKTOP));
  const page = await dark.newPage();
  await page.goto(base + '/');
  const lum = async () => contrast(await style(page, 'body', 'background-color'), 'rgb(0,0,0)');
  check(await lum() < 1.5, 'a dark page when the system is dark');
  await page.click('#theme-toggle'); // auto → light
  check(await page.evaluate(() => document.documentElement.dataset.theme) === 'light' && await lum() > 15, 'the switch makes it light');
  await page.click('#theme-toggle'); // light → dark
  check(await lum() < 1.5, 'and dark again');
  await page.reload();
  check(await page.evaluate(() => document.documentElement.dataset.theme) === 'dark', 'the choice is kept');
  const c4 = await apiGame({ game: 'connect4', opponent: 'local' }, ['4', '4', '3']);
  await openGame(page, c4.id);
  await shot(page, 'connect4-dark-desktop');
  // The favicon is served, and linked.
  const fav = await fetch(base + '/favicon.ico');
  check(fav.status === 200 && /image/.test(fav.headers.get('content-type')), '/favicon.ico: ' + fav.status + ' ' + fav.headers.get('content-type'));
  check(await page.$('link[rel=icon]') !== null, 'an icon is linked');
  // An error replaces what cannot be shown.
  await page.goto(base + '/#g=nosuchgame');
  await page.waitForSelector('#error-page:not([hidden])');
  check(await page.isHidden('#game') && await page.isHidden('#new-game'), 'no board, no buttons');
  check(/nosuchgame/.test(await page.textContent('#error-text')), 'the error names the game');
  check(/No such game/.test(await page.title()), 'and the title says it');
  await shot(page, 'error-no-such-game');
  await page.click('#error-home');
  await page.waitForSelector('#new-game:not([hidden])');
  await dark.close();
});

// ---- 7. A link never wipes a saved seat ----
await scenario('a link with a seat never replaces the seat this browser holds without asking', async () => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  await createGame(page, { game: 'connect4', opponent: 'friend' });
  await page.waitForSelector('#invite:not([hidden])');
  await waitStatus(page, /Your turn/);
  const id = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('g');
  const saved = () => page.evaluate((id) => JSON.parse(localStorage.getItem('inarow.games'))[id], id);
  const mine = await saved();
  const invite = await page.inputValue('#invite-link');
  // Any token in a link: the saved seat stays, the page asks.
  await page.goto(base + '/#g=' + id + '&t=ANY&s=second');
  await page.waitForFunction(() => !location.hash.includes('t='));
  check((await saved()).token === mine.token, 'the saved token is kept: ' + JSON.stringify(await saved()));
  await page.waitForSelector('#seat-offer:not([hidden])');
  check(/holds Red \(second\)/.test(await page.textContent('#seat-offer-text')), 'the offer says which seat the link holds: ' + await page.textContent('#seat-offer-text'));
  await waitStatus(page, /Your turn/);
  await shot(page, 'seat-offer-desktop');
  await page.click('#seat-keep');
  check(await page.isHidden('#seat-offer'), 'keeping closes the offer');
  check((await saved()).token === mine.token, 'kept');
  // The creator opens their own invite link: told so, seat kept.
  await page.goto(invite);
  await page.waitForSelector('#seat-offer:not([hidden])');
  check(/invite link you made/.test(await page.textContent('#seat-offer-text')), 'the creator is told it is their own invite');
  check((await saved()).token === mine.token, 'the creator keeps the seat');
  // A move still works with the kept seat.
  await page.click('#seat-keep');
  await page.click('#board .cell[data-x="3"][data-y="0"]');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x').length === 1);
  // Taking the link's seat, on purpose: now this browser plays Red.
  await page.goto(invite);
  await page.waitForSelector('#seat-offer:not([hidden])');
  await page.click('#seat-take');
  await waitStatus(page, /Your turn \(Red\)/);
  check((await saved()).token !== mine.token && (await saved()).seat === 'second', 'the link\'s seat taken');
  // A browser with no seat in the game takes the link's seat without a question.
  const other = await browser.newContext(PHONE);
  const p2 = await other.newPage();
  await p2.goto(invite);
  await p2.waitForSelector('#board .cell');
  await waitStatus(p2, /Your turn \(Red\)/);
  check(await p2.isHidden('#seat-offer'), 'no question without a saved seat');
  await other.close();
  await ctx.close();
});

// ---- 8. Rematch with colours swapped; this browser's games listed ----
await scenario('rematch with colours swapped, and the games of this browser on the start page', async () => {
  for (const [name, opts] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    // A tic-tac-toe game against the perfect computer, played to its end.
    const g = await apiGame({ game: 'tictactoe', opponent: 'computer', level: 3 });
    let v = g.view;
    while (v.status === 'playing') {
      const y = v.board.findIndex((r) => r.includes('.'));
      const name = ['top', 'middle', 'bottom'][y] + '-' + ['left', 'center', 'right'][v.board[y].indexOf('.')];
      const r = await fetch(base + '/api/games/' + g.id + '/moves', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + g.token }, body: JSON.stringify({ move: name, ply: v.ply }) });
      v = await r.json();
      check(r.status === 200, 'move ' + name + ': ' + r.status);
    }
    g.view = v;
    await seat(page, g);
    await openGame(page, g.id);
    await page.waitForSelector('#rematch:not([hidden])');
    await shot(page, 'game-over-' + name);
    await page.click('#rematch');
    await page.waitForFunction((id) => /#g=/.test(location.hash) && !location.hash.includes(id), g.id);
    const id2 = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('g');
    await page.waitForSelector(`#board[data-game="${id2}"] .cell`);
    // The computer now has ✕ and moves first.
    await page.waitForFunction(() => document.querySelectorAll('#board .cell.x').length === 1);
    const players = await page.$$eval('#players li', (s) => s.map((e) => e.textContent));
    check(/✕ — computer, level 3/.test(players[0]) && /◯ — you/.test(players[1]), 'colours swapped: ' + players);
    await waitStatus(page, /Your turn/);
    // The start page lists both games, newest first, with their state.
    await page.click('#new-link');
    await page.waitForSelector('#recent:not([hidden])');
    const links = await page.$$eval('#recent-list a', (s) => s.map((a) => [a.getAttribute('href'), a.textContent]));
    check(links.length === 2 && links[0][0] === '#g=' + id2 && links[1][0] === '#g=' + g.id, 'both games listed: ' + JSON.stringify(links));
    check(/vs computer, level 3/.test(links[1][1]) && /you lost|drawn/.test(links[1][1]), 'with the result: ' + links[1][1]);
    await shot(page, 'start-your-games-' + name);
    await page.click('#recent-list a[href="#g=' + g.id + '"]');
    await page.waitForSelector(`#board[data-game="${g.id}"] .cell`);
    await ctx.close();
  }
});

// ---- 9. Accessibility: axe-core's WCAG 2.1 A and AA rules, both themes ----
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
async function audit(page, name) {
  await page.addScriptTag({ path: axePath });
  const r = await page.evaluate(() => window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }));
  const bad = r.violations.map((v) => v.id + ' (' + v.nodes.length + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' — ' + (n.failureSummary || '').replace(/\s+/g, ' ')).join(' | '));
  check(bad.length === 0, name + ': ' + bad.join('\n'));
}
await scenario('accessibility audit (axe-core, WCAG 2.1 A and AA): start page, Connect Four, renju, analysis board, light and dark, desktop and phone', async () => {
  const c4 = await apiGame({ game: 'connect4', opponent: 'computer', level: 2 });
  const renju = await apiGame({ game: 'gomoku', opponent: 'local', rules: { rule: 'renju' } }, ['g8', 'a1', 'h8', 'a3', 'i7', 'a5', 'i6', 'a7']);
  const failures = [], timings = [];
  // Both themes at desktop size, the light one on a phone too (a full
  // audit of a 15×15 board takes seconds on a loaded machine).
  for (const [scheme, size, opts] of [['light', 'desktop', DESKTOP], ['dark', 'desktop', DESKTOP], ['light', 'phone', PHONE]]) {
    {
      // bypassCSP lets the test inject axe-core; the page itself runs under its CSP.
      const ctx = await browser.newContext(Object.assign({ colorScheme: scheme, bypassCSP: true }, opts));
      const page = await ctx.newPage();
      const run = async (name) => {
        const t0 = Date.now();
        try { await audit(page, name + ' ' + scheme + ' ' + size); } catch (e) { failures.push(e.message); }
        timings.push(name + ' ' + scheme + ' ' + size + ' ' + (Date.now() - t0) + ' ms');
      };
      await page.goto(base + '/');
      await page.waitForSelector('#create-form');
      await run('start page');
      await seat(page, c4);
      await openGame(page, c4.id);
      await page.check('#analysis-toggle');
      await waitNote(page, /Scores for/, 'axe-c4');
      await run('Connect Four with analysis');
      await seat(page, renju);
      await openGame(page, renju.id);
      await page.waitForSelector('#board .cell.forbidden');
      await run('renju');
      await shot(page, 'renju-' + scheme + '-' + size);
      await page.goto(base + '/analysis?c4=4453');
      await waitNote(page, /Scores for/, 'axe-board');
      await run('analysis board');
      await ctx.close();
    }
  }
  console.log('axe-core audits: ' + timings.join(', '));
  check(failures.length === 0, failures.join('\n'));
});

// ---- 10. The Connect Four game report: every move graded by the solver ----
await scenario('game report: the move that threw the win away is marked, with the value graph', async () => {
  const ctx = await browser.newContext(Object.assign({ bypassCSP: true }, DESKTOP));
  const page = await ctx.newPage();
  // 4 4 5 3: yellow's 5 (move 3) turns a won game into a lost one.
  const g = await apiGame({ game: 'connect4', opponent: 'local' }, ['4', '4', '5', '3']);
  await seat(page, g);
  await openGame(page, g.id);
  await page.click('#report-button');
  await page.waitForFunction(() => /changed|perfect/.test(document.querySelector('#report-note').textContent), null, { timeout: 60000 });
  const graded = await page.$$eval('#move-list .move[data-grade]', (s) => s.map((b) => b.dataset.ply + ':' + b.dataset.grade));
  check(graded.join(' ') === '3:blunder', 'only move 3 is marked, as a blunder: ' + graded);
  // Numbered as the move list numbers it: the third move is "2." there.
  check(/(^|[^0-9])2\. Yellow 5 threw a win into a loss \(4 kept a win\)/.test(await page.textContent('#report-list')), 'the list says what move 2. threw away: ' + await page.textContent('#report-list'));
  const listed = await page.$eval('#move-list .move[data-grade="blunder"]', (b) => b.closest('li').querySelector('.num').textContent);
  check(listed === '2.', 'the move list numbers the blunder 2. too: ' + listed);
  check((await page.$$('#report-graph circle')).length === 1, 'one dot on the graph');
  check(/\+1, \+1, \+1, -2, -2/.test(await page.getAttribute('#report-graph svg', 'aria-label')), 'the graph reads +1 +1 +1 −2 −2 for Yellow: ' + await page.getAttribute('#report-graph svg', 'aria-label'));
  await shot(page, 'report-connect4-desktop');
  await audit(page, 'game report light desktop');
  await page.click('#report-list button');
  check(stones(await board(page)) === 2, 'the report\'s move takes the board to the position before it');
  // A new move makes the report stale: it is hidden until asked again.
  const r = await fetch(base + '/api/games/' + g.id + '/moves', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + g.token }, body: JSON.stringify({ move: '3', ply: 4 }) });
  check(r.status === 200, 'a fifth move');
  await page.waitForSelector('#report', { state: 'hidden' });
  await ctx.close();
});

// ---- 10b. The gomoku game report: forced wins missed and allowed, renju ----
await scenario('game report (renju): the moves that allowed or missed a forced win are marked with its line, the graph an estimate', async () => {
  // Black's open three h8 h9 h10: White's a15 (6) lets Black make an open
  // four, Black's o15 (7) misses it, White's b2 (8) lets it again; Black
  // then plays it and wins.
  const g = await apiGame({ game: 'gomoku', opponent: 'local', rules: { rule: 'renju' } }, ['h8', 'a1', 'h9', 'o1', 'h10', 'a15', 'o15', 'b2', 'h11', 'h12', 'h7']);
  check(g.view.status === 'won', 'black won: ' + g.view.status);
  for (const scheme of ['light', 'dark']) {
    const ctx = await browser.newContext(Object.assign({ colorScheme: scheme, bypassCSP: true }, DESKTOP));
    const page = await ctx.newPage();
    await seat(page, g);
    await openGame(page, g.id);
    await page.click('#report-button');
    await page.waitForFunction(() => /Proven: /.test(document.querySelector('#report-note').textContent), null, { timeout: 60000 });
    const graded = await page.$$eval('#move-list .move[data-grade]', (s) => s.map((b) => b.dataset.ply + ':' + b.dataset.grade));
    check(graded.join(' ') === '6:allowed-win 7:missed-win 8:allowed-win', 'moves 6, 7 and 8 are marked: ' + graded);
    const items = await page.$$eval('#report-list li', (s) => s.map((li) => li.textContent));
    check(items.length === 3 && /^3… White a15 allowed a forced win: Black h(7|11) /.test(items[0]) && /^4\. Black o15 missed a forced win: h(7|11) /.test(items[1]) &&
      /^4… White b2 allowed a forced win/.test(items[2]), 'the list names the moves and the winning lines: ' + items.join(' | '));
    check(/not an exact value/.test(await page.textContent('#report-note')), 'the note says the graph is an estimate: ' + await page.textContent('#report-note'));
    const label = await page.getAttribute('#report-graph svg', 'aria-label');
    check(/estimate.*not exact/.test(label) && /, W, W, W$/.test(label), 'the graph is labelled an estimate and ends in Black\'s proven win: ' + label);
    check((await page.$$('#report-graph circle')).length === 3, 'three dots on the graph');
    await shot(page, 'report-renju-' + scheme + '-desktop');
    await audit(page, 'renju game report ' + scheme + ' desktop');
    await page.click('#report-list button');
    check(stones(await board(page)) === 5, 'the report\'s first mark takes the board to the position before move 6');
    await ctx.close();
  }
});

// ---- 10c. Small boards are graded exactly too ----
await scenario('game report (tic-tac-toe): graded by the exact solver, the losing move named', async () => {
  const ctx = await browser.newContext(Object.assign({ bypassCSP: true }, PHONE));
  const page = await ctx.newPage();
  // O's edge reply (2) to the centre loses to X's fork.
  const g = await apiGame({ game: 'tictactoe', opponent: 'local' }, ['middle-center', 'top-center', 'top-left', 'bottom-right', 'bottom-left', 'top-right', 'middle-left']);
  await seat(page, g);
  await openGame(page, g.id);
  await page.click('#report-button');
  await page.waitForFunction(() => /changed|perfect/.test(document.querySelector('#report-note').textContent), null, { timeout: 60000 });
  const graded = await page.$$eval('#move-list .move[data-grade]', (s) => s.map((b) => b.dataset.ply + ':' + b.dataset.grade));
  check(graded.join(' ') === '2:mistake', 'only move 2 is marked, a draw thrown into a loss: ' + graded);
  check(/The losing move: 1… ◯ top-center threw a draw into a loss/.test(await page.textContent('#report-note')), 'the losing move is named: ' + await page.textContent('#report-note'));
  await shot(page, 'report-tictactoe-phone');
  await audit(page, 'tic-tac-toe game report light phone');
  await ctx.close();
});

// ---- 11. The analysis board: a position from a link, both sides the user's ----
await scenario('analysis board: /analysis?c4=4453 shows the columns\' scores, the best marked; a move updates the link; continue against the computer', async () => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + '/analysis?c4=4453');
  await page.waitForSelector('#board-tools:not([hidden])');
  check(stones(await board(page)) === 4, 'the link\'s four stones are on the board');
  check(/Analysis board/.test(await page.textContent('#game-title')), 'titled as the analysis board: ' + await page.textContent('#game-title'));
  await waitNote(page, /Scores for/, 'board-c4');
  const shown = await page.$$eval('#columns .colscore', (els) => els.map((e) => [e.textContent, e.classList.contains('best')]));
  // The page shows what the server's solver says, and stars its best columns.
  const id = await page.getAttribute('#board', 'data-game');
  const a = await (await fetch(base + '/api/games/' + id + '/analysis')).json();
  const top = Math.max(...a.columns.filter((c) => c !== null));
  check(a.columns.every((c, i) => (c === null ? shown[i][0] === '' : Number(shown[i][0].replace('+', '')) === c && shown[i][1] === (c === top))),
    'columns shown ' + JSON.stringify(shown) + ' against the solver\'s ' + JSON.stringify(a.columns));
  check(shown.some((c) => c[1]), 'a best column is marked');
  await shot(page, 'analysis-board-c4');
  // Both sides are the user's: play Red's move, then Yellow's.
  await page.click('#board .cell[data-x="0"][data-y="0"]');
  await page.waitForFunction(() => location.search === '?c4=44531');
  await page.click('#board .cell[data-x="6"][data-y="0"]');
  await page.waitForFunction(() => location.search === '?c4=445317');
  check((await page.inputValue('#share-link')) === base + '/analysis?c4=445317', 'the share link follows: ' + await page.inputValue('#share-link'));
  // Undo works as in any local game, and the link follows back.
  await page.click('#undo');
  await page.waitForFunction(() => location.search === '?c4=44531');
  // The link itself opens the same position.
  const p2 = await ctx.newPage();
  await p2.goto(await page.inputValue('#share-link'));
  await p2.waitForSelector('#board-tools:not([hidden])');
  check(JSON.stringify(await board(p2)) === JSON.stringify(await board(page)), 'the shared link shows the same position');
  await p2.close();
  // Continue against the computer from here: the user keeps the side to move (second).
  await page.selectOption('#continue-level', '1');
  await page.click('#continue');
  await page.waitForFunction(() => location.pathname === '/' && /#g=/.test(location.hash));
  await waitStatus(page, /Your turn/);
  check(stones(await board(page)) === 5, 'the new game starts from the position');
  const players = await page.$$eval('#players li', (s) => s.map((e) => e.textContent));
  check(/computer, level 1/.test(players[0]) && /you/.test(players[1]), 'the computer plays first, the user second: ' + players);
  await page.click('#board .cell[data-x="2"][data-y="0"]');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x, #board .cell.o').length === 7, null, { timeout: 15000 });
  // Other games' links: the moves in the game's notation, the rules in the query.
  for (const [link, n, title] of [
    ['/analysis?game=gomoku&rule=renju&moves=h8,h9,j8', 3, /Gomoku \(renju\)/],
    ['/analysis?game=mnk&m=5&n=4&k=3&gravity=1&moves=1,5', 2, /5×4, 3 in a row, gravity/],
    ['/analysis?game=tictactoe&moves=middle-center', 1, /Tic-tac-toe/],
  ]) {
    await page.goto(base + link);
    await page.waitForSelector('#board-tools:not([hidden])');
    await page.waitForFunction((n) => document.querySelectorAll('#board .cell.x, #board .cell.o').length === n, n);
    check(title.test(await page.textContent('#game-title')), link + ': titled ' + await page.textContent('#game-title'));
    check((await page.evaluate(() => location.pathname + location.search)) === link, link + ': the address is kept as it is: ' + await page.evaluate(() => location.search));
  }
  // A pasted gomoku record (here the server's own SGF export) sets the board up, rule and all.
  const src = await apiGame({ game: 'gomoku', opponent: 'local', rules: { rule: 'renju' } }, ['h8', 'h9', 'j8']);
  const sgf = await (await fetch(base + '/api/games/' + src.id + '/record?format=sgf')).text();
  await page.goto(base + '/analysis?c4=');
  await page.waitForSelector('#board-tools:not([hidden])');
  await page.click('#paste summary');
  await page.fill('#paste-text', 'not a record');
  await page.click('#paste-go');
  await page.waitForSelector('#message:not([hidden])');
  check(/record cannot be read/.test(await page.textContent('#message')), 'a bad paste says so: ' + await page.textContent('#message'));
  check(stones(await board(page)) === 0, 'and changes nothing');
  await page.fill('#paste-text', sgf);
  await page.click('#paste-go');
  await page.waitForFunction(() => location.search === '?game=gomoku&rule=renju&moves=h8,h9,j8');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x, #board .cell.o').length === 3);
  check(/Gomoku \(renju\)/.test(await page.textContent('#game-title')), 'the record\'s rule: ' + await page.textContent('#game-title'));
  await shot(page, 'analysis-board-pasted-sgf');
  // A bad link says what is wrong instead of showing a board.
  await page.goto(base + '/analysis?c4=11111112');
  await page.waitForSelector('#error-page:not([hidden])');
  check(/Move 7: column 1 is full/.test(await page.textContent('#error-text')), 'the error names the bad move: ' + await page.textContent('#error-text'));
  await shot(page, 'analysis-board-bad-link');
  check(errors.length === 0, 'no page errors: ' + errors.join('; '));
  await ctx.close();
});

// ---- 12. Spectate link and live count; the friend told of a rematch ----
// idOf: the game id of the page's address.
const idOf = async (page) => new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('g');
async function waitWatching(page, n) {
  try {
    await page.waitForFunction((n) => document.querySelector('#watching').textContent.startsWith(n + ' watching'), n, { timeout: 10000 });
  } catch (e) {
    throw new Error('the page never showed ' + n + ' watching; it shows ' + JSON.stringify(await page.textContent('#watching')));
  }
}
await scenario('spectate link: a read-only page watches a friend game live, with the count of watchers', async () => {
  const ca = await browser.newContext(Object.assign({ bypassCSP: true }, DESKTOP));
  const cb = await browser.newContext(PHONE);
  const cs = await browser.newContext(Object.assign({ bypassCSP: true }, PHONE));
  const a = await ca.newPage(), b = await cb.newPage(), s = await cs.newPage();
  await createGame(a, { game: 'connect4', opponent: 'friend' });
  await a.waitForSelector('#invite:not([hidden])');
  await waitWatching(a, 1);
  const watch = await a.inputValue('#watch-link');
  const id = await idOf(a);
  check(watch === base + '/#g=' + id, 'the watch link is the game without a seat: ' + watch);
  check(await a.isVisible('#copy-watch'), 'with a copy button');
  // The friend takes the seat, a spectator opens the watch link.
  await b.goto(await a.inputValue('#invite-link'));
  await waitWatching(a, 2);
  await s.goto(watch);
  await waitStatus(s, /You are watching/);
  await waitWatching(s, 3);
  await waitWatching(a, 3);
  await waitWatching(b, 3);
  check(await s.evaluate(() => !localStorage.getItem('inarow.games') || !JSON.parse(localStorage.getItem('inarow.games'))[location.hash.slice(3)]), 'the spectator holds no seat');
  // Moves reach the spectator live; a click of theirs plays nothing.
  await a.click('#board .cell[data-x="3"][data-y="0"]');
  await s.waitForFunction(() => document.querySelectorAll('#board .cell.x').length === 1);
  await waitStatus(b, /Your turn/);
  await b.tap('#board .cell[data-x="2"][data-y="0"]');
  await s.waitForFunction(() => document.querySelectorAll('#board .cell.o').length === 1);
  await s.tap('#board .cell[data-x="4"][data-y="0"]');
  await s.waitForSelector('#message:not([hidden])');
  check(/watching this game/.test(await s.textContent('#message')), 'the spectator is told they cannot move: ' + await s.textContent('#message'));
  check((await getView(id)).ply === 2, 'and nothing was played');
  await shot(a, 'spectate-player-desktop');
  await shot(s, 'spectate-spectator-phone');
  await audit(a, 'spectate player light desktop');
  await audit(s, 'spectate spectator light phone');
  // One leaves: the others' counts follow.
  await cs.close();
  await waitWatching(a, 2);
  await waitWatching(b, 2);
  await ca.close(); await cb.close();
});

await scenario('friend told of a rematch: the other side is offered the new game with its seat, colours swapped', async () => {
  const ca = await browser.newContext(Object.assign({ bypassCSP: true }, DESKTOP));
  const cb = await browser.newContext(PHONE);
  const cs = await browser.newContext(DESKTOP);
  const a = await ca.newPage(), b = await cb.newPage(), s = await cs.newPage();
  await createGame(a, { game: 'connect4', opponent: 'friend' });
  await a.waitForSelector('#invite:not([hidden])');
  const id = await idOf(a);
  await b.goto(await a.inputValue('#invite-link'));
  await waitStatus(b, /Waiting for your friend/);
  await s.goto(base + '/#g=' + id);
  await waitStatus(s, /watching/);
  // Yellow (a) wins in column 1.
  const moves = [[a, 0], [b, 1], [a, 0], [b, 1], [a, 0], [b, 1], [a, 0]];
  for (let i = 0; i < moves.length; i++) {
    const [page, col] = moves[i];
    await waitStatus(page, /Your turn/);
    await page.click(`#board .cell[data-x="${col}"][data-y="0"]`);
    await (page === a ? b : a).waitForFunction((n) => document.querySelectorAll('#board .cell.x, #board .cell.o').length === n, i + 1);
  }
  await waitStatus(a, /You win/);
  await waitStatus(b, /friend wins/);
  // The loser asks for the rematch: they play Yellow there and move first.
  await b.waitForSelector('#rematch:not([hidden])');
  await b.tap('#rematch');
  await b.waitForFunction((id) => /#g=/.test(location.hash) && !location.hash.includes(id), id);
  const id2 = await idOf(b);
  await waitStatus(b, /Your turn \(Yellow\)/);
  // The winner's page is told at once, with its seat in the new game.
  await a.waitForSelector('#rematch-offer:not([hidden])');
  check(/Your friend wants a rematch, colours swapped: you play Red/.test(await a.textContent('#rematch-offer-text')), 'the offer: ' + await a.textContent('#rematch-offer-text'));
  check(await a.isHidden('#rematch'), 'no second rematch button');
  await shot(a, 'rematch-offer-desktop');
  await audit(a, 'rematch offer light desktop');
  // The spectator is offered to watch it, not to play.
  await s.waitForSelector('#rematch-offer:not([hidden])');
  check(await s.isHidden('#rematch-join') && await s.isVisible('#rematch-watch'), 'the spectator may only watch');
  await a.click('#rematch-join');
  await a.waitForSelector(`#board[data-game="${id2}"] .cell`);
  await waitStatus(a, /Waiting for your friend \(Yellow\)/);
  const players = await a.$$eval('#players li', (l) => l.map((e) => e.textContent));
  check(/Yellow — your friend/.test(players[0]) && /Red — you/.test(players[1]), 'colours swapped: ' + players);
  // The new game plays across both browsers.
  await b.tap('#board .cell[data-x="3"][data-y="0"]');
  await a.waitForFunction(() => document.querySelectorAll('#board .cell.x').length === 1);
  await waitStatus(a, /Your turn \(Red\)/);
  await a.click('#board .cell[data-x="3"][data-y="0"]');
  await b.waitForFunction(() => document.querySelectorAll('#board .cell.o').length === 1);
  await s.click('#rematch-watch');
  await s.waitForSelector(`#board[data-game="${id2}"] .cell`);
  await waitStatus(s, /watching/);
  await shot(b, 'rematch-friend-phone');
  await ca.close(); await cb.close(); await cs.close();
});

// ---- 12b. A move's late reply ----
// A move's reply can reach the page after the opponent's answer to it has
// (the live stream is another connection; a loaded machine, a fast
// opponent). The page keeps the newer view and must still leave "Sending
// your move…" for the turn it is in. Here the reply is held until the
// friend has answered.
await scenario('a move\'s late reply, after the friend\'s answer came live, leaves the page showing its turn', async () => {
  const ca = await browser.newContext(DESKTOP);
  const cb = await browser.newContext(DESKTOP);
  const a = await ca.newPage(), b = await cb.newPage();
  await createGame(a, { game: 'connect4', opponent: 'friend' });
  await a.waitForSelector('#invite:not([hidden])');
  await b.goto(await a.inputValue('#invite-link'));
  await waitStatus(b, /Waiting for your friend/);
  await waitStatus(a, /Your turn/);
  let release, held = false;
  const gate = new Promise((r) => { release = r; });
  await a.route('**/api/games/*/moves', async (route) => {
    const reply = await route.fetch(); // the server has played the move
    held = true;
    await gate;
    await route.fulfill({ response: reply });
  });
  await a.click('#board .cell[data-x="3"][data-y="0"]');
  await waitStatus(b, /Your turn/);
  await b.click('#board .cell[data-x="4"][data-y="0"]');
  await a.waitForFunction(() => document.querySelectorAll('#board .cell.o').length === 1);
  check(held, 'the reply to the first move was held');
  check(/Sending your move/.test(await a.textContent('#status')), 'while its reply is out, the page says the move is being sent: ' + await a.textContent('#status'));
  release();
  await waitStatus(a, /Your turn \(Yellow\)/);
  check((await getView(await idOf(a))).ply === 2, 'both moves were played');
  await a.unroute('**/api/games/*/moves');
  await a.click('#board .cell[data-x="3"][data-y="0"]');
  await b.waitForFunction(() => document.querySelectorAll('#board .cell.x').length === 2);
  await ca.close(); await cb.close();
});

// ---- 13. One click to play the perfect Connect Four player ----
await scenario('start page: one click plays Connect Four against the perfect player, the user first', async () => {
  for (const [name, opts] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    await page.goto(base + '/');
    await page.click('#play-perfect');
    await page.waitForSelector('#board .cell');
    const v = await getView(await idOf(page));
    check(v.game === 'connect4' && v.opponent === 'computer' && v.level === 3 && v.computer === 'second' && v.level_name === 'Best', 'a C4 game vs the perfect player, the user first: ' + JSON.stringify(v).slice(0, 200));
    await waitStatus(page, /Your turn \(Yellow\)/);
    const players = await page.$$eval('#players li', (l) => l.map((e) => e.textContent));
    check(/Red — computer, level 3 \(Best\)/.test(players[1]), 'the computer named with its level: ' + players);
    await shot(page, 'play-perfect-' + name);
    await ctx.close();
  }
});

// ---- 14. The analysis board follows the scrubbing; reloads reuse the board ----
await scenario('analysis board: ← → Home End move the analysed position and its scores; a reload reuses the board game', async () => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const asked = [];
  page.on('request', (r) => { if (/\/analysis/.test(new URL(r.url()).pathname.replace(/^\/analysis$/, ''))) asked.push(r.url()); });
  await page.goto(base + '/analysis?c4=4453');
  await waitNote(page, /Scores for Yellow/, 'scrub-start');
  const id = await page.getAttribute('#board', 'data-game');
  await page.waitForFunction(() => document.querySelector('#continue-level option[value="3"]').textContent === '3 — Best');
  check(await page.textContent('#continue-level option[value="2"]') === '2 — Club', 'the board\'s levels are named too');
  const cols = () => page.$$eval('#columns .colscore', (els) => els.map((e) => e.textContent).join(' '));
  const fmt = (a) => a.columns.map((c) => (c === null ? '' : c > 0 ? '+' + c : String(c))).join(' ');
  const at = async (ply) => (await fetch(base + '/api/games/' + id + '/analysis?ply=' + ply)).json();
  await page.locator('body').focus();
  // Each position shows the server's scores of that position.
  for (const [key, ply, who] of [['ArrowLeft', 3, 'Red'], ['ArrowLeft', 2, 'Yellow'], ['Home', 0, 'Yellow'], ['ArrowRight', 1, 'Red'], ['End', 4, 'Yellow']]) {
    await page.keyboard.press(key);
    check(stones(await board(page)) === ply, key + ': ' + ply + ' stones shown');
    if (ply < 4) check(new RegExp(who + ' to move there').test(await page.textContent('#status')), 'the status says whose move it was: ' + await page.textContent('#status'));
    await waitNote(page, new RegExp('Scores for ' + who), 'scrub-' + ply);
    const want = fmt(await at(ply));
    await page.waitForFunction((w) => [...document.querySelectorAll('#columns .colscore')].map((e) => e.textContent).join(' ') === w, want, { timeout: 15000 })
      .catch(async () => { throw new Error('after ' + key + ' (ply ' + ply + ') the columns show ' + await cols() + ', the server says ' + want); });
    if (ply === 3) await shot(page, 'analysis-board-scrubbed');
  }
  // A position seen before is not asked for again.
  const before = asked.length;
  await page.keyboard.press('ArrowLeft');
  const want3 = fmt(await at(3));
  await page.waitForFunction((w) => [...document.querySelectorAll('#columns .colscore')].map((e) => e.textContent).join(' ') === w, want3);
  check(asked.length === before, 'the page kept the analysis of a position it had seen: ' + asked.slice(before).join(' '));
  await page.keyboard.press('End');
  const v = await getView(id);
  check(v.ply === 4, 'scrubbing changed nothing');
  // A reload opens the same board game, not a new one; so does a move and a reload.
  await page.reload();
  await waitNote(page, /Scores for/, 'reload-1');
  check(await page.getAttribute('#board', 'data-game') === id, 'the reload reuses the board');
  await page.click('#board .cell[data-x="0"][data-y="0"]');
  await page.waitForFunction(() => location.search === '?c4=44531');
  await page.reload();
  await page.waitForSelector('#board-tools:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x, #board .cell.o').length === 5);
  check(await page.getAttribute('#board', 'data-game') === id, 'after a move too');
  // The earlier position's link is a new board (the game moved on), and
  // another browser gets its own.
  await page.goto(base + '/analysis?c4=4453');
  await page.waitForSelector('#board-tools:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x, #board .cell.o').length === 4);
  check(await page.getAttribute('#board', 'data-game') !== id, 'a position the board left is a new board');
  const other = await browser.newContext(DESKTOP);
  const p2 = await other.newPage();
  await p2.goto(base + '/analysis?c4=44531');
  await p2.waitForSelector('#board-tools:not([hidden])');
  check(await p2.getAttribute('#board', 'data-game') !== id, 'another browser makes its own board');
  await other.close();
  await ctx.close();
});


// ---- 12. Friend games with clocks: chosen on the form, live, lost on time ----
await scenario('friend game with clocks: 3+2 from the form counting live, a short control lost on time, rematch keeps it, axe clean', async () => {
  const errors = [];
  let r;
  const clockText = (page) => page.$$eval('#clocks .clock-time', (s) => s.map((e) => e.textContent));
  // The form offers the controls for a friend game only.
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + '/');
  check(await page.isHidden('#clock-options'), 'no clocks against the computer');
  await page.check('input[name=game][value=connect4]');
  await page.check('input[name=opponent][value=friend]');
  await page.selectOption('#clock', '3+2');
  await page.click('#create');
  await page.waitForSelector('#clocks:not([hidden]) .clock');
  check(JSON.stringify(await clockText(page)) === '["3:00","3:00"]', 'both clocks full: ' + await clockText(page));
  check(/clocks start once both sides have moved/.test(await page.textContent('#clocks .clock-control')), 'the control explained: ' + await page.textContent('#clocks .clock-control'));
  // Each side's first move is not timed; the friend's (through the API
  // with the invite link's token) starts Yellow's clock.
  const invite = new URLSearchParams((await page.inputValue('#invite-link')).split('#')[1]);
  await page.click('#board .cell[data-x="3"][data-y="0"]');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.x').length === 1);
  check(await page.$('#clocks .clock.running') === null, 'no clock runs before both have moved');
  r = await fetch(base + '/api/games/' + invite.get('g') + '/moves', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + invite.get('t') }, body: JSON.stringify({ move: '4', ply: 1 }) });
  check(r.status === 200, 'the friend\'s move: ' + r.status);
  await page.waitForSelector('#clocks .clock-first.running');
  await page.waitForFunction(() => /^2:5\d$/.test(document.querySelector('#clocks .clock-first .clock-time').textContent), null, { timeout: 5000 });
  check((await clockText(page))[1] === '3:00', 'Red\'s clock stopped at 3:00: ' + await clockText(page));
  const label = await page.getAttribute('#clocks .clock-first', 'aria-label');
  check(/^Yellow: 2 minutes 5\d seconds left, running$/.test(label), 'the running clock\'s accessible name: ' + label);
  await shot(page, 'clock-3+2-running');
  await ctx.close();

  // A 6-second control (the server's --time-control 0.1+0, not on the
  // form): once Yellow's page is open, Red's first move (untimed) starts
  // Yellow's clock, which runs out with the page open.
  const g = await apiGame({ game: 'connect4', opponent: 'friend', clock: '0.1+0' }, ['4']);
  for (const [scheme, opts] of [['light', PHONE], ['dark', DESKTOP]]) {
    const c = await browser.newContext(Object.assign({ colorScheme: scheme, bypassCSP: true }, opts));
    const p = await c.newPage();
    p.on('pageerror', (e) => errors.push(String(e)));
    await seat(p, g);
    await openGame(p, g.id);
    if (scheme === 'light') {
      check(await p.$('#clocks .clock.running') === null, 'no clock runs before both have moved');
      r = await fetch(base + '/api/games/' + g.id + '/moves', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + g.invite }, body: JSON.stringify({ move: '4', ply: 1 }) });
      check(r.status === 200, 'Red\'s move: ' + r.status);
      await p.waitForSelector('#clocks .clock-first.running.low');
      check(/low time/.test(await p.getAttribute('#clocks .clock-first', 'aria-label')), 'low time is said');
      await shot(p, 'clock-low-phone');
      await audit(p, 'clock running low ' + scheme);
    }
    await waitStatus(p, /won on time/, 15000);
    check(/Red won on time: Yellow’s clock ran out/.test(await p.textContent('#status')), 'the result: ' + await p.textContent('#status'));
    await p.waitForSelector('#clocks .clock-first.flagged');
    check((await clockText(p))[0] === '0.0', 'first\'s clock at zero: ' + await clockText(p));
    await shot(p, 'clock-won-on-time-' + scheme);
    await audit(p, 'lost on time ' + scheme);
    if (scheme === 'dark') {
      // A move now is refused by the server as too late.
      r = await fetch(base + '/api/games/' + g.id + '/moves', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + g.token }, body: JSON.stringify({ move: '3', ply: 2 }) });
      const body = await r.json();
      check(r.status === 422 && /ran out of time/.test(body.error), 'a late move: ' + r.status + ' ' + JSON.stringify(body));
      // The rematch keeps the time control, colours swapped.
      await p.click('#rematch');
      await p.waitForFunction((id) => /#g=/.test(location.hash) && !location.hash.includes(id), g.id);
      await p.waitForSelector('#clocks:not([hidden]) .clock-control');
      check(/Time control 0\.1\+0/.test(await p.textContent('#clocks .clock-control')), 'the rematch\'s control: ' + await p.textContent('#clocks .clock-control'));
    }
    await c.close();
  }
  check(errors.length === 0, 'no page errors: ' + errors.join('; '));
});

await browser.close();
let failed = 0;
for (const r of results) {
  console.log(`${r.status} ${r.name} (${r.ms} ms)`);
  if (r.status === 'FAIL') { failed++; console.log(r.error); }
}
console.log(`screenshots in ${artifacts}`);
process.exit(failed ? 1 : 0);
