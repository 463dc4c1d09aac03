// inarow — the play page. Plain JavaScript, no build step; it uses only the
// JSON API and the event stream described in README.md.
'use strict';

(() => {
  const $ = (sel) => document.querySelector(sel);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  // ---- saved seats (tokens live only in this browser) ----
  const store = {
    load() {
      try { return JSON.parse(localStorage.getItem('inarow.games') || '{}'); } catch { return {}; }
    },
    save(all) { try { localStorage.setItem('inarow.games', JSON.stringify(all)); } catch { /* private mode */ } },
    get(id) { return this.load()[id]; },
    put(id, entry) {
      const all = this.load();
      all[id] = Object.assign(all[id] || {}, entry, { at: Date.now() });
      const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
      for (const old of ids.slice(30)) delete all[old];
      this.save(all);
    },
  };
  const pref = {
    get(k) { try { return localStorage.getItem('inarow.' + k); } catch { return null; } },
    set(k, v) { try { if (v === null) localStorage.removeItem('inarow.' + k); else localStorage.setItem('inarow.' + k, v); } catch { /* private mode */ } },
  };

  // ---- notation ----
  const TTT_ROWS = ['top', 'middle', 'bottom'];
  const TTT_COLS = ['left', 'center', 'right'];
  const pad2 = (n) => String(n).padStart(2, '0');
  const letter = (x) => String.fromCharCode(97 + x);

  function moveName(view, x, y) {
    const rows = view.rules.n;
    switch (view.notation) {
      case 'tictactoe': return TTT_ROWS[y] + '-' + TTT_COLS[x];
      case 'column': return String(x + 1);
      case 'point': return pad2(y + 1) + '-' + pad2(x + 1);
      default: return letter(x) + (rows - y);
    }
  }

  // The labels around the board, as the notation writes the coordinates:
  // files over or under the columns, ranks beside the rows (top first).
  function coordinates(view) {
    const m = view.rules.m, n = view.rules.n;
    const range = (k, f) => Array.from({ length: k }, (_, i) => f(i));
    switch (view.notation) {
      case 'tictactoe': return { top: TTT_COLS, ranks: TTT_ROWS };
      case 'column': return { top: range(m, (x) => String(x + 1)) };
      case 'point': return { top: range(m, (x) => String(x + 1)), ranks: range(n, (y) => String(y + 1)) };
      default: return { bottom: range(m, letter), ranks: range(n, (y) => String(n - y)) };
    }
  }

  // The star points of the go-style boards: the centre and the 4-4 points
  // (15×15: h8, d4, l4, d12, l12).
  function starPoints(view) {
    const m = view.rules.m, n = view.rules.n;
    if (m !== n || m < 9 || m % 2 === 0) return new Set();
    const c = (m - 1) / 2, e = m >= 13 ? 3 : 2;
    const pts = [[c, c], [e, e], [m - 1 - e, e], [e, m - 1 - e], [m - 1 - e, m - 1 - e]];
    return new Set(pts.map(([x, y]) => x + ',' + y));
  }

  // cellOf reads a move of the record back to [x, y]; board is needed for
  // gravity games (the lowest empty cell of the column).
  function cellOf(view, move, board) {
    const rows = view.rules.n;
    switch (view.notation) {
      case 'tictactoe': {
        const [r, c] = move.split('-');
        return [TTT_COLS.indexOf(c), TTT_ROWS.indexOf(r)];
      }
      case 'column': {
        const x = parseInt(move, 10) - 1;
        for (let y = rows - 1; y >= 0; y--) if (board[y][x] === '.') return [x, y];
        return [x, -1];
      }
      case 'point': return [parseInt(move.slice(3), 10) - 1, parseInt(move.slice(0, 2), 10) - 1];
      default: return [move.charCodeAt(0) - 97, rows - parseInt(move.slice(1), 10)];
    }
  }

  function boardAt(view, ply) {
    const board = Array.from({ length: view.rules.n }, () => Array(view.rules.m).fill('.'));
    let last = null;
    for (let i = 0; i < ply; i++) {
      const [x, y] = cellOf(view, view.moves[i], board);
      if (y < 0) break;
      board[y][x] = i % 2 === 0 ? 'x' : 'o';
      last = [x, y];
    }
    return { board: board.map((r) => r.join('')), last };
  }

  // dropRow: the row a stone dropped in column x lands on, or -1.
  function dropRow(board, x) {
    for (let y = board.length - 1; y >= 0; y--) if (board[y][x] === '.') return y;
    return -1;
  }

  // ---- names of the seats ----
  function seatLabel(view, seat) {
    const first = seat === 'first';
    switch (view.game) {
      case 'tictactoe': return first ? '✕' : '◯';
      case 'connect4': return first ? 'Yellow' : 'Red';
      case 'gomoku': case 'gobang': return first ? 'Black' : 'White';
      default: return first ? 'First' : 'Second';
    }
  }
  const gameTitle = {
    tictactoe: 'Tic-tac-toe', connect4: 'Connect Four', gomoku: 'Gomoku', gobang: 'Gobang 9×9', mnk: 'm,n,k-game',
  };

  // levels: what the computer is at each level of a game, as the server's
  // engine.Describe names the players engine.For makes (GET /api/levels);
  // kept per game and rules, so the form asks once.
  const levelCache = new Map();
  function levelsQuery(game, r) {
    const q = new URLSearchParams({ game });
    if (r && r.rule) q.set('rule', r.rule);
    if (game === 'mnk' && r) {
      for (const k of ['m', 'n', 'k']) q.set(k, r[k]);
      if (r.gravity) q.set('gravity', '1');
      if (r.exact) q.set('exact', '1');
    }
    return q.toString();
  }
  async function levels(game, r) {
    const q = levelsQuery(game, r);
    if (!levelCache.has(q)) {
      levelCache.set(q, api('GET', '/api/levels?' + q).then(({ status, data }) => (status === 200 ? data.levels : null)));
    }
    const got = await levelCache.get(q);
    if (!got) levelCache.delete(q); // bad rules now may be good later
    return got;
  }

  // ---- pictures of the games on the start page (SVG drawn here) ----
  const SVGNS = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.append(e);
    return e;
  }
  function picture(game) {
    const s = svg('svg', { viewBox: '0 0 56 48', 'aria-hidden': 'true', focusable: 'false' });
    const grid = (n, x0, y0, step, color) => {
      for (let i = 0; i < n; i++) {
        svg('line', { x1: x0, y1: y0 + i * step, x2: x0 + (n - 1) * step, y2: y0 + i * step, stroke: color, 'stroke-width': .7 }, s);
        svg('line', { x1: x0 + i * step, y1: y0, x2: x0 + i * step, y2: y0 + (n - 1) * step, stroke: color, 'stroke-width': .7 }, s);
      }
    };
    const stone = (cx, cy, r, fill, stroke) => svg('circle', { cx, cy, r, fill, stroke: stroke || 'none', 'stroke-width': 1 }, s);
    switch (game) {
      case 'tictactoe':
        svg('rect', { x: 10, y: 3, width: 42, height: 42, fill: '#fff', stroke: '#1f2328' }, s);
        for (const d of [24, 38]) {
          svg('line', { x1: d, y1: 3, x2: d, y2: 45, stroke: '#1f2328', 'stroke-width': 1.5 }, s);
          svg('line', { x1: 10, y1: d - 7, x2: 52, y2: d - 7, stroke: '#1f2328', 'stroke-width': 1.5 }, s);
        }
        svg('path', { d: 'M13 6l8 8M21 6l-8 8M27 20l8 8M35 20l-8 8', stroke: '#1f4fb5', 'stroke-width': 2 }, s);
        stone(45, 24, 4.5, 'none', '#b5331f');
        break;
      case 'connect4': {
        svg('rect', { x: 0, y: 2, width: 56, height: 46, rx: 4, fill: '#1d4ed8' }, s);
        const chips = { '3,5': 'x', '4,5': 'o', '3,4': 'o', '2,5': 'x', '3,3': 'x', '4,4': 'x', '5,5': 'o' };
        for (let y = 0; y < 6; y++) {
          for (let x = 0; x < 7; x++) {
            const c = chips[x + ',' + y];
            stone(4.5 + x * 7.8, 6.5 + y * 7.5, 3, c === 'x' ? '#facc15' : c === 'o' ? '#b91c1c' : '#e8edf5');
          }
        }
        break;
      }
      case 'gomoku': case 'gobang': {
        const n = game === 'gomoku' ? 11 : 7, step = 44 / (n - 1);
        svg('rect', { x: 4, y: 0, width: 48, height: 48, rx: 2, fill: '#dcb35c' }, s);
        grid(n, 6, 2, step, '#3d2c12');
        const c = (n - 1) / 2;
        for (let i = -2; i <= 2; i++) stone(6 + (c + i) * step, 2 + (c + i) * step, step * .45, '#000');
        for (let i = -1; i <= 1; i++) stone(6 + (c + i + 1) * step, 2 + (c + i) * step, step * .45, '#fff', '#222');
        break;
      }
      default:
        svg('rect', { x: 3, y: 6, width: 50, height: 36, fill: '#fff', stroke: '#1f2328' }, s);
        for (let i = 1; i < 5; i++) svg('line', { x1: 3 + i * 10, y1: 6, x2: 3 + i * 10, y2: 42, stroke: '#8d8a82' }, s);
        for (let i = 1; i < 4; i++) svg('line', { x1: 3, y1: 6 + i * 9, x2: 53, y2: 6 + i * 9, stroke: '#8d8a82' }, s);
        svg('path', { d: 'M15 17l6 6M21 17l-6 6M25 26l6 6M31 26l-6 6M35 35l4 4M39 35l-4 4', stroke: '#1f4fb5', 'stroke-width': 1.6 }, s);
        stone(28, 11, 3, 'none', '#b5331f');
        stone(48, 29, 3, 'none', '#b5331f');
    }
    return s;
  }

  // ---- API ----
  async function api(method, path, body, token) {
    const headers = { 'Accept': 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers['Authorization'] = 'Bearer ' + token;
    let resp;
    try {
      resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      return { status: 0, data: { error: 'The server cannot be reached. Check your connection and try again.' } };
    }
    let data = {};
    try { data = await resp.json(); } catch { data = { error: 'Unexpected answer from the server (' + resp.status + ').' }; }
    return { status: resp.status, data };
  }

  // ---- state of the game page ----
  const S = {
    id: null, token: null, seat: null, view: null, es: null, busy: false,
    replay: null, focus: [0, 0], analysis: null, analysisAbort: null, size: '', recordKey: '',
    preview: null, offer: null, report: null, board: false, watching: null, rematch: null,
  };

  function showMessage(text, kind) {
    const m = $('#message');
    if (!text) { m.hidden = true; m.textContent = ''; return; }
    m.textContent = text;
    m.className = 'message ' + (kind || 'error');
    m.hidden = false;
  }

  // showPage shows one of the page's three sections.
  function showPage(which) {
    for (const id of ['new-game', 'game', 'error-page']) $('#' + id).hidden = id !== which;
  }

  // showError replaces the page by an error it cannot get past (no such
  // game, the server unreachable): no empty board, no buttons that do
  // nothing.
  function showError(title, text) {
    closeGame();
    showPage('error-page');
    $('#error-title').textContent = title;
    $('#error-text').textContent = text;
    document.title = title + ' · inarow';
  }

  // ---- routing: #g=ID[&t=TOKEN&s=SEAT] is a game, anything else the form ----
  function route() {
    const params = new URLSearchParams(location.hash.slice(1));
    const id = params.get('g');
    closeGame();
    S.board = false;
    if (!id) { showForm(); return; }
    const t = params.get('t');
    let offer = null;
    if (t) {
      // A link with a seat (an invite): the token leaves the address bar
      // at once. It is kept only if this browser holds no seat in the
      // game; a saved seat is never replaced without asking, since the
      // server keeps only a hash of each token and a lost one is lost for
      // good.
      history.replaceState(null, '', '#g=' + encodeURIComponent(id));
      const seat = params.get('s') || '';
      const saved = store.get(id);
      if (!saved || !saved.token) store.put(id, { token: t, seat });
      else if (saved.token !== t) offer = { token: t, seat, own: saved.invite === t };
    }
    openGame(id, offer);
  }

  // ---- the new-game form ----
  function formValue(name) {
    const c = document.querySelector('input[name="' + name + '"]:checked');
    return c ? c.value : '';
  }

  function formRules(game) {
    if (game === 'gomoku') return { rule: formValue('rule') };
    if (game === 'mnk') {
      return {
        m: parseInt($('#mnk-m').value, 10) || 0, n: parseInt($('#mnk-n').value, 10) || 0,
        k: parseInt($('#mnk-k').value, 10) || 0, gravity: $('#mnk-gravity').checked, exact: $('#mnk-exact').checked,
      };
    }
    return undefined;
  }

  function syncForm() {
    const game = formValue('game');
    const opp = formValue('opponent');
    $('#gomoku-rules').hidden = game !== 'gomoku';
    $('#mnk-rules').hidden = game !== 'mnk';
    $('#computer-options').hidden = opp !== 'computer';
    $('#agent-options').hidden = opp !== 'agent';
    $('#seat-options').hidden = opp === 'local';
    $('#clock-options').hidden = opp !== 'friend';
    nameLevels(game, formRules(game));
    const fake = { game };
    $('#seat-first').textContent = 'First (' + seatLabel(fake, 'first') + ')';
    $('#seat-second').textContent = 'Second (' + seatLabel(fake, 'second') + ')';
  }

  // nameLevels writes the levels' names beside the form's levels, once
  // the server has said them (the numbers alone until then, or for rules
  // it refuses).
  async function nameLevels(game, rules) {
    const key = levelsQuery(game, rules);
    $('#computer-options').dataset.levels = key;
    const names = await levels(game, rules);
    if ($('#computer-options').dataset.levels !== key) return; // the form changed meanwhile
    for (const span of document.querySelectorAll('.level-name')) {
      const l = names && names[span.dataset.level - 1];
      if (!l) { span.replaceChildren(span.dataset.level); continue; }
      span.replaceChildren(el('b', '', l.level + '. ' + l.name), ' — ' + l.basis);
    }
    $('#computer-options').dataset.named = names ? key : '';
  }

  function showForm() {
    showPage('new-game');
    document.title = 'New game · inarow';
    syncForm();
    const all = store.load();
    const ids = Object.keys(all).filter((id) => all[id].game && all[id].token && !all[id].analysis).sort((a, b) => all[b].at - all[a].at).slice(0, 10);
    $('#recent').hidden = ids.length === 0;
    const list = $('#recent-list');
    list.replaceChildren();
    for (const id of ids) {
      const g = all[id];
      const li = el('li');
      const parts = [gameTitle[g.game] || g.game, g.against || g.opponent || ''];
      if (g.result) parts.push(g.result);
      const a = el('a', '', parts.filter(Boolean).join(' · '));
      a.href = '#g=' + encodeURIComponent(id);
      const when = el('span', 'note', ' ' + new Date(g.at).toLocaleString());
      li.append(a, when);
      list.append(li);
    }
  }

  async function createGame(ev) {
    ev.preventDefault();
    const game = formValue('game');
    const opponent = formValue('opponent');
    const body = { game, opponent };
    const rules = formRules(game);
    if (rules) body.rules = rules;
    if (opponent === 'computer') body.level = parseInt(formValue('level'), 10) || 3;
    if (opponent === 'agent') body.agent = $('#agent').value;
    if (opponent !== 'local') body.seat = formValue('seat');
    if (opponent === 'friend' && $('#clock').value !== 'none') body.clock = $('#clock').value;
    const btn = $('#create');
    btn.disabled = true;
    const { status, data } = await create(body);
    btn.disabled = false;
    if (status !== 201) alertForm(data.error || 'The game could not be created.');
  }

  // create makes a game, keeps its seat here and opens it.
  async function create(body) {
    const res = await api('POST', '/api/games', body);
    if (res.status === 201) {
      const d = res.data;
      store.put(d.id, { token: d.token, seat: d.seat, invite: d.invite_token || '', game: d.game, opponent: d.opponent });
      location.hash = '#g=' + encodeURIComponent(d.id);
    }
    return res;
  }

  function alertForm(text) {
    let m = $('#form-message');
    if (!m) {
      m = el('p', 'message error');
      m.id = 'form-message';
      m.setAttribute('role', 'alert');
      $('#create').after(m);
    }
    m.textContent = text;
  }

  // ---- the game page ----
  async function openGame(id, offer) {
    S.id = id;
    const saved = store.get(id) || {};
    S.token = saved.token || null;
    S.seat = saved.seat || null;
    S.view = null; S.replay = null; S.analysis = null; S.size = ''; S.preview = null; S.report = null;
    S.watching = null; S.rematch = null;
    S.offer = offer;
    $('#report').hidden = true;
    showMessage('');
    $('#status').textContent = 'Loading…';
    const { status, data } = await api('GET', '/api/games/' + encodeURIComponent(id));
    if (S.id !== id) return;
    if (status !== 200) {
      if (status === 404) showError('No such game', 'There is no game "' + id + '" on this server. Check the link, or start a new game.');
      else showError('The game could not be loaded', refusedText(status, data));
      return;
    }
    showPage('game');
    apply(data);
    listen(id);
  }

  // The seat a link offers when this browser already holds one in the game.
  function renderOffer() {
    const o = S.offer, v = S.view;
    $('#seat-offer').hidden = !o;
    if (!o) return;
    const linkSeat = o.seat === 'first' || o.seat === 'second' ? seatLabel(v, o.seat) + ' (' + o.seat + ')' : 'a seat';
    const mine = S.seat === 'both' ? 'both seats' : S.seat ? 'the ' + seatLabel(v, S.seat) + ' seat' : 'a seat';
    $('#seat-offer-text').textContent = (o.own
      ? 'This is the invite link you made for your friend: it holds ' + linkSeat + '. This browser plays ' + mine + '.'
      : 'This link holds ' + linkSeat + ' of this game, but this browser already plays ' + mine + '.') +
      ' Taking the link\'s seat forgets yours here, and the server cannot give it back.';
  }

  function resolveOffer(take) {
    const o = S.offer;
    S.offer = null;
    if (take && o) {
      store.put(S.id, { token: o.token, seat: o.seat, invite: '' });
      S.token = o.token;
      S.seat = o.seat;
    }
    if (S.view) render();
  }

  function closeGame() {
    window.inarowClock.stop();
    if (S.es) { S.es.close(); S.es = null; }
    if (S.analysisAbort) S.analysisAbort.abort();
    clearTimeout(S.nudge);
    S.id = null;
  }

  function listen(id) {
    const es = new EventSource('/api/games/' + encodeURIComponent(id) + '/events');
    es.addEventListener('game', (e) => {
      if (S.id !== id) return;
      try { apply(JSON.parse(e.data)); } catch { /* ignore a bad event */ }
    });
    // How many pages watch the game live (players and spectators), and
    // the rematch once either side has started it.
    es.addEventListener('watchers', (e) => {
      if (S.id !== id) return;
      try { S.watching = JSON.parse(e.data).watching; } catch { return; }
      renderWatching();
    });
    es.addEventListener('rematch', (e) => {
      if (S.id !== id) return;
      try { S.rematch = JSON.parse(e.data).id; } catch { return; }
      if (S.view) render();
    });
    es.addEventListener('open', () => { if (S.id === id) $('#board').classList.remove('offline'); });
    es.addEventListener('error', () => { if (S.id === id) $('#board').classList.add('offline'); });
    S.es = es;
  }

  // apply shows a view if it is not older than the one shown. An older
  // one still renders the newer: a move's reply can come after the live
  // stream brought the opponent's answer, and the page must leave
  // "Sending your move…" (S.busy, cleared by the caller) all the same.
  function apply(view) {
    if (S.view && view.version < S.view.version) { render(); return; }
    const changed = !S.view || S.view.version !== view.version;
    S.view = view;
    if (changed) { S.analysis = null; S.preview = null; }
    if (changed && S.token) store.put(view.id, { game: view.game, opponent: view.opponent, against: opponentText(view), result: resultText(view) });
    render();
    if (changed && $('#analysis-toggle').checked) analyse();
    if (changed) nudge(view);
  }

  // nudge: if the computer or agent has not moved a while after its turn
  // came (its move was put off: the server was busy or restarted), read
  // the game again, which lets the server take the move up again.
  function nudge(view) {
    clearTimeout(S.nudge);
    if (view.status !== 'playing' || !view.computer || view.computer !== view.to_move) return;
    S.nudge = setTimeout(async () => {
      if (!S.view || S.view.id !== view.id || S.view.version !== view.version) return;
      const { status, data } = await api('GET', '/api/games/' + encodeURIComponent(view.id));
      if (status === 200 && S.view && S.view.id === view.id) {
        if (data.version === S.view.version) nudge(data); else apply(data);
      }
    }, 8000);
  }

  // refresh reads game id again (a clock that ran out: the read records
  // the loss on time if the server's own timer has not yet).
  async function refresh(id) {
    const { status, data } = await api('GET', '/api/games/' + encodeURIComponent(id));
    if (status === 200 && S.view && S.view.id === id) apply(data);
  }

  // mySeats: which seats this browser moves.
  function mySeats() {
    if (!S.token) return [];
    if (S.seat === 'both') return ['first', 'second'];
    if (S.seat === 'first' || S.seat === 'second') return [S.seat];
    return ['first', 'second'].filter((s) => s !== S.view.computer);
  }

  function canMove() {
    const v = S.view;
    return v && v.status === 'playing' && S.replay === null && !S.busy && mySeats().includes(v.to_move);
  }

  // who plays a seat, as the players' list names them.
  function playerName(v, seat) {
    const mine = mySeats();
    if (v.computer === seat) return v.agent ? 'agent ' + v.agent : 'computer, level ' + v.level + (v.level_name ? ' (' + v.level_name + ')' : '');
    if (v.opponent === 'local') return 'on this screen';
    if (mine.includes(seat)) return 'you';
    return v.opponent === 'friend' && mine.length ? 'your friend' : 'a player';
  }

  function opponentText(v) {
    if (v.agent) return 'vs agent ' + v.agent;
    if (v.computer) return 'vs computer, level ' + v.level;
    if (v.opponent === 'friend') return 'vs a friend';
    return 'two players here';
  }

  function resultText(v) {
    if (v.status === 'drawn') return 'drawn';
    if (v.status !== 'won') return 'in play, ' + v.ply + (v.ply === 1 ? ' move' : ' moves');
    const mine = mySeats();
    const how = v.clock && v.clock.flag ? ' on time' : '';
    if (v.opponent === 'local' || !mine.length) return seatLabel(v, v.winner) + ' won' + how;
    return (mine.includes(v.winner) ? 'you won' : 'you lost') + how;
  }

  function statusText() {
    const v = S.view;
    const mine = mySeats();
    if (v.status === 'won') {
      const w = seatLabel(v, v.winner);
      if (v.clock && v.clock.flag) {
        const out = seatLabel(v, v.clock.flag) + '’s clock ran out.';
        if (!mine.length) return w + ' won on time: ' + out;
        return (mine.includes(v.winner) ? 'You won on time (' + w + '): ' : w + ' won on time: ') + out;
      }
      if (v.opponent === 'local' || !mine.length) return w + ' wins.';
      if (v.forfeit) {
        const f = (v.note || 'the agent forfeited');
        return (mine.includes(v.winner) ? 'You win: ' : w + ' wins: ') + f.charAt(0).toLowerCase() + f.slice(1) + '.';
      }
      return mine.includes(v.winner) ? 'You win! (' + w + ')' : (v.computer ? opponentName(v) + ' wins.' : 'Your friend wins.') + ' (' + w + ')';
    }
    if (v.status === 'drawn') return 'Draw — the board is full.';
    const who = seatLabel(v, v.to_move);
    if (S.busy) return v.computer ? opponentName(v) + ' is thinking…' : 'Sending your move…';
    if (!mine.length) return who + ' to move. You are watching.';
    if (v.opponent === 'local') return who + ' to move.';
    if (mine.includes(v.to_move)) return 'Your turn (' + who + ').';
    return v.computer === v.to_move ? opponentName(v) + ' is thinking…' : 'Waiting for your friend (' + who + ')…';
  }

  // titleText: the tab's title says whose turn it is, first.
  function titleText() {
    const v = S.view;
    const mine = mySeats();
    let head;
    if (v.status === 'won') head = v.opponent !== 'local' && mine.length ? (mine.includes(v.winner) ? 'You won' : 'You lost') : seatLabel(v, v.winner) + ' won';
    else if (v.status === 'drawn') head = 'Draw';
    else if (mine.includes(v.to_move) && v.opponent !== 'local') head = '● Your turn';
    else if (v.computer === v.to_move) head = (v.agent ? 'Agent' : 'Computer') + ' thinking';
    else head = seatLabel(v, v.to_move) + ' to move';
    return head + ' · ' + gameTitle[v.game] + ' · inarow';
  }

  // opponentName: who plays the computer's seat, the computer or an agent.
  function opponentName(v) {
    return v.agent ? 'The agent ' + v.agent : 'The computer';
  }

  function shownPly() {
    return S.replay === null ? S.view.moves.length : S.replay;
  }

  function render() {
    const v = S.view;
    document.title = titleText();
    let title = gameTitle[v.game];
    if (v.game === 'gomoku') title += ' (' + v.rules.rule + ')';
    if (v.game === 'mnk') title = v.rules.m + '×' + v.rules.n + ', ' + v.rules.k + ' in a row' + (v.rules.gravity ? ', gravity' : '') + (v.rules.exact ? ', exactly' : '');
    title = S.board ? 'Analysis board · ' + title : title + ' · ' + opponentText(v);
    $('#game-title').textContent = title;
    // Looking back, the status says whose move it was in the position
    // shown (the analysis of it is for that side) and how the game is now.
    const there = S.replay !== null && S.replay < v.moves.length ? seatLabel(v, S.replay % 2 ? 'second' : 'first') + ' to move there. Now: ' : '';
    $('#status').textContent = S.replay !== null
      ? 'Looking back: move ' + S.replay + ' of ' + v.moves.length + ', ' + there + statusText() + ' (End or » returns.)'
      : statusText();

    const players = $('#players');
    players.replaceChildren(...['first', 'second'].map((seat) => {
      const li = el('li');
      const chip = el('span', 'chip chip-' + v.game + ' chip-' + seat);
      chip.setAttribute('aria-hidden', 'true');
      if (v.game === 'tictactoe' || v.game === 'mnk') chip.textContent = seat === 'first' ? '✕' : '◯';
      li.append(chip, el('span', 'who', seatLabel(v, seat) + ' — ' + playerName(v, seat)));
      if (v.status === 'playing' && v.to_move === seat) { li.className = 'to-move'; li.append(el('span', 'turn', 'to move')); }
      if (v.status === 'won' && v.winner === seat) li.append(el('span', 'turn', 'winner'));
      return li;
    }));

    // Invite link for the creator of a friend game, until the friend moves.
    const saved = store.get(v.id) || {};
    const inv = $('#invite');
    if (v.opponent === 'friend' && saved.invite && saved.token === S.token && v.status === 'playing' && v.ply < 2) {
      const other = S.seat === 'second' ? 'first' : 'second';
      $('#invite-link').value = location.origin + location.pathname + '#g=' + encodeURIComponent(v.id) + '&t=' + encodeURIComponent(saved.invite) + '&s=' + other;
      inv.hidden = false;
    } else {
      inv.hidden = true;
    }
    renderOffer();
    // The link to watch: the game without a seat, for anyone.
    $('#watch').hidden = S.board;
    $('#watch-link').value = location.origin + '/#g=' + encodeURIComponent(v.id);
    renderWatching();
    renderRematchOffer();
    window.inarowClock.show($('#clocks'), v, (seat) => seatLabel(v, seat), () => refresh(v.id));
    const undo = $('#undo');
    undo.hidden = !(S.token && (v.computer || v.opponent === 'local')) || !!v.forfeit;
    undo.disabled = S.busy || v.moves.length === 0 || S.replay !== null;
    $('#rematch').hidden = !(S.token && v.status !== 'playing') || !!S.rematch;
    $('#report-button').hidden = !(gradable(v) && v.moves.length);
    $('#report-button').classList.toggle('primary', v.status !== 'playing');
    renderReport();
    $('#rematch').textContent = v.opponent === 'local' ? 'Play again' : 'Rematch, colours swapped';

    renderBoardTools();
    renderBoard();
    renderMoves();
    renderRecord();
  }

  function renderWatching() {
    const w = $('#watching');
    w.hidden = S.watching === null || S.board;
    w.textContent = S.watching === null ? '' : S.watching + ' watching' + (S.watching === 1 ? ' (this page)' : '');
  }

  // The rematch someone started (the server's rematch event): a player of
  // the game is offered their seat in it (the token they hold here holds
  // the other colour there), a spectator a link to watch it.
  function renderRematchOffer() {
    const v = S.view, box = $('#rematch-offer');
    box.hidden = !S.rematch || v.status === 'playing' || S.board;
    if (box.hidden) return;
    const mine = mySeats();
    const seated = !!S.token && mine.length > 0;
    const swapped = v.opponent === 'local' ? '' : seatLabel(v, mine[0] === 'first' ? 'second' : 'first');
    $('#rematch-offer-text').textContent = !seated ? 'A rematch of this game has started.'
      : v.opponent === 'friend' ? 'Your friend wants a rematch, colours swapped: you play ' + swapped + '.'
      : 'The rematch is ready' + (swapped ? ', colours swapped: you play ' + swapped : '') + '.';
    $('#rematch-join').hidden = !seated;
    const watch = $('#rematch-watch');
    watch.hidden = seated;
    watch.href = '#g=' + encodeURIComponent(S.rematch);
  }

  function renderBoard() {
    const v = S.view;
    const m = v.rules.m, n = v.rules.n;
    const boardEl = $('#board');
    const frame = $('#frame');
    const size = m + 'x' + n + v.game + v.notation;
    if (S.size !== size) {
      S.size = size;
      boardEl.replaceChildren();
      frame.style.setProperty('--cols', m);
      frame.style.setProperty('--rows', n);
      const theme = v.game === 'gomoku' || v.game === 'gobang' ? 'go' : v.rules.gravity ? 'c4' : v.game === 'tictactoe' ? 'ttt' : 'mnk';
      const coords = coordinates(v);
      frame.className = 'frame theme-' + theme + (coords.ranks ? '' : ' no-ranks');
      const stars = theme === 'go' ? starPoints(v) : new Set();
      for (let y = 0; y < n; y++) {
        const row = el('div', 'row');
        row.setAttribute('role', 'row');
        for (let x = 0; x < m; x++) {
          const c = el('button', 'cell' + (stars.has(x + ',' + y) ? ' star' : ''));
          c.type = 'button';
          c.dataset.x = x; c.dataset.y = y;
          c.setAttribute('role', 'gridcell');
          c.tabIndex = -1;
          c.append(el('span', 'stone'), el('span', 'score'));
          row.append(c);
        }
        boardEl.append(row);
      }
      S.focus = [Math.floor(m / 2), v.rules.gravity ? n - 1 : Math.floor(n / 2)];
      const fill = (sel, labels) => {
        $(sel).replaceChildren(...(labels || []).map((t) => el('span', '', t)));
        $(sel).hidden = !labels;
      };
      fill('#files-top', coords.top);
      fill('#files-bottom', coords.bottom);
      fill('#ranks', coords.ranks);
      const cols = $('#columns');
      cols.replaceChildren();
      for (let x = 0; x < m; x++) cols.append(el('span', 'colscore'));
    }
    boardEl.dataset.game = v.id;
    const shown = S.replay === null ? { board: v.board, last: v.last_move } : boardAt(v, S.replay);
    const win = new Set(S.replay === null ? v.winning_line.map(([x, y]) => x + ',' + y) : []);
    const forb = new Set(S.replay === null && v.forbidden ? v.forbidden.map(([x, y]) => x + ',' + y) : []);
    const scores = new Map();
    // Gomoku analyses: the forced line numbered in order, the engine's
    // candidates ranked, forced wins and losses marked W and L.
    const marks = new Map();
    let best = new Set();
    // The analysis of the position shown: the game now, or the move the
    // list is looking back at.
    const live = S.analysis && S.analysis.ply === shownPly() ? S.analysis : null;
    if (live) {
      const a = live;
      if (a.method === 'vcf' || a.method === 'vct' || a.method === 'search') {
        a.moves.forEach((mv, i) => {
          const proven = mv.proven ? (mv.score > 0 ? 'W' : 'L') : '';
          marks.set(mv.x + ',' + mv.y, {
            text: proven || String(i + 1), cls: (proven === 'W' ? 'good' : proven === 'L' ? 'bad' : 'even') + (i === 0 ? ' best' : ''),
            label: (i === 0 ? 'the best move, ' : '') + (proven === 'W' ? 'a forced win' : proven === 'L' ? 'a forced loss' : 'candidate ' + (i + 1) + ', engine score ' + mv.score),
          });
        });
        (a.line || []).forEach((mv, i) => {
          if (mv.x < 0) return;
          marks.set(mv.x + ',' + mv.y, {
            text: String(i + 1), cls: 'line ' + (i % 2 ? 'bad' : 'good') + (i === 0 ? ' best' : ''),
            label: (i === 0 ? 'the best move, ' : '') + 'move ' + (i + 1) + ' of the forced win (' + (i % 2 ? 'the defence' : 'the attack') + ')',
          });
        });
      } else {
        for (const mv of a.moves) scores.set(mv.x + ',' + mv.y, mv.score);
        const top = Math.max(...a.moves.map((mv) => mv.score));
        best = new Set(a.moves.filter((mv) => mv.score === top).map((mv) => mv.x + ',' + mv.y));
      }
    }
    const movable = canMove();
    boardEl.classList.toggle('movable', movable);
    boardEl.classList.toggle('replaying', S.replay !== null);
    const pv = S.preview && movable ? S.preview : null;
    const pcls = v.to_move === 'first' ? 'px' : 'po';
    for (const c of boardEl.querySelectorAll('.cell')) {
      const x = +c.dataset.x, y = +c.dataset.y, key = x + ',' + y;
      const s = shown.board[y][x];
      c.classList.toggle('x', s === 'x');
      c.classList.toggle('o', s === 'o');
      c.classList.toggle('last', !!shown.last && shown.last[0] === x && shown.last[1] === y);
      c.classList.toggle('win', win.has(key));
      c.classList.toggle('forbidden', forb.has(key));
      const isPv = !!pv && pv[0] === x && pv[1] === y;
      c.classList.toggle('preview', isPv);
      c.classList.toggle('px', isPv && pcls === 'px');
      c.classList.toggle('po', isPv && pcls === 'po');
      c.classList.toggle('drop-best', false);
      c.tabIndex = (x === S.focus[0] && y === S.focus[1]) ? 0 : -1;
      const name = moveName(v, x, y);
      let label = (v.notation === 'column' ? 'column ' + name + ', row ' + (v.rules.n - y) : name) + ': ';
      label += s === 'x' ? seatLabel(v, 'first') : s === 'o' ? seatLabel(v, 'second') : 'empty';
      if (shown.last && shown.last[0] === x && shown.last[1] === y) label += ', the last move';
      if (win.has(key)) label += ', in the winning line';
      if (forb.has(key)) label += ', forbidden for black';
      if (isPv) label += ', your move to confirm';
      const sc = c.querySelector('.score');
      if (marks.has(key)) {
        const mk = marks.get(key);
        sc.textContent = mk.text;
        sc.className = 'score ' + mk.cls;
        label += ', ' + mk.label;
      } else if (scores.has(key) && v.notation !== 'column') {
        const val = scores.get(key);
        sc.textContent = val > 0 ? '+' + val : String(val);
        sc.className = 'score ' + (val > 0 ? 'good' : val < 0 ? 'bad' : 'even') + (best.has(key) ? ' best' : '');
        label += ', value ' + val + (best.has(key) ? ', a best move' : '');
      } else {
        sc.textContent = '';
        sc.className = 'score';
      }
      c.setAttribute('aria-label', label);
      c.dataset.open = movable && s === '.' && !forb.has(key) ? 'yes' : 'no';
    }
    // Column scores above a gravity board, like the Connect Four solver
    // page; the best columns starred, and where their stone would land
    // ringed.
    const colEls = $('#columns').children;
    const showCols = v.notation === 'column' && live && live.columns;
    $('#columns').hidden = !showCols;
    const colVals = showCols ? live.columns.filter((c) => c !== null && c !== undefined) : [];
    const top = colVals.length ? Math.max(...colVals) : null;
    for (let x = 0; x < colEls.length; x++) {
      const val = showCols ? live.columns[x] : null;
      const known = val !== null && val !== undefined;
      colEls[x].textContent = known ? (val > 0 ? '+' + val : String(val)) : '';
      colEls[x].className = 'colscore ' + (!known ? '' : val > 0 ? 'good' : val < 0 ? 'bad' : 'even') + (known && val === top ? ' best' : '');
      if (known && val === top) {
        const y = dropRow(shown.board, x);
        const cell = y >= 0 && boardEl.querySelector(`.cell[data-x="${x}"][data-y="${y}"]`);
        if (cell) {
          cell.classList.add('drop-best');
          cell.setAttribute('aria-label', cell.getAttribute('aria-label') + ', a best move (' + (val > 0 ? '+' + val : val) + ')');
        }
      }
    }
    renderPreviewBar();
  }

  // ---- the move list beside the board ----
  function renderMoves() {
    const v = S.view;
    const list = $('#move-list');
    const cur = shownPly();
    const rep = currentReport();
    const items = [];
    for (let i = 0; i < v.moves.length; i += 2) {
      const li = el('li');
      li.append(el('span', 'num', (i / 2 + 1) + '.'));
      for (const j of [i, i + 1]) {
        if (j >= v.moves.length) break;
        const b = el('button', 'move' + (cur === j + 1 ? ' current' : ''), v.moves[j]);
        b.type = 'button';
        b.dataset.ply = j + 1;
        const gm = rep && rep.moves[j];
        const mark = gm ? GRADES[gm.grade] : null;
        if (mark && mark.sign) {
          const g = el('span', 'grade', mark.sign);
          g.setAttribute('aria-hidden', 'true');
          b.append(g);
          b.dataset.grade = gm.grade;
        }
        b.setAttribute('aria-label', 'Move ' + moveNumber(j + 1) + ' ' + seatLabel(v, j % 2 ? 'second' : 'first') + ' ' + v.moves[j] + (mark && mark.sign ? ', ' + mark.name : ''));
        if (cur === j + 1) b.setAttribute('aria-current', 'step');
        li.append(b);
      }
      items.push(li);
    }
    if (!items.length) {
      const li = el('li', 'empty', 'No moves yet.');
      items.push(li);
    }
    list.replaceChildren(...items);
    const current = list.querySelector('.current');
    if (current) {
      // Scroll the list only, never the page.
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 2;
    }
    $('#replay-label').textContent = 'move ' + cur + ' / ' + v.moves.length;
    $('#replay-start').disabled = $('#replay-back').disabled = cur === 0;
    $('#replay-end').disabled = $('#replay-forward').disabled = cur === v.moves.length;
  }

  // moveNumber: a ply's number as the move list writes it, one number a
  // pair of moves: ply 3 is "2." (the first player's second move), ply 4
  // "2…" (the reply). The report says the same.
  function moveNumber(ply) {
    return Math.ceil(ply / 2) + (ply % 2 ? '.' : '…');
  }

  function setReplay(ply) {
    const v = S.view;
    if (!v) return;
    ply = Math.max(0, Math.min(v.moves.length, ply));
    const was = shownPly();
    S.replay = ply === v.moves.length ? null : ply;
    S.preview = null;
    render();
    // With the analysis on, the scores follow the position looked at;
    // a short pause lets a held key run through the moves first.
    if (shownPly() !== was && $('#analysis-toggle').checked) {
      S.analysis = null;
      renderBoard();
      clearTimeout(S.analyseSoon);
      S.analyseSoon = setTimeout(analyse, 150);
    }
  }

  // ---- moving: a click plays, or with confirming on, previews first ----
  function confirming() {
    const p = pref.get('confirm');
    if (p === 'on' || p === 'off') return p === 'on';
    // By default on touch screens when the points are smaller than a
    // finger (44 CSS pixels, WCAG's target size).
    const v = S.view;
    const coarse = window.matchMedia('(pointer: coarse)').matches;
    return coarse && !!v && $('#board').clientWidth / v.rules.m < 44;
  }

  function renderPreviewBar() {
    const bar = $('#preview-bar');
    const v = S.view;
    $('#confirm-toggle').checked = confirming();
    if (!S.preview || !canMove()) { bar.hidden = true; return; }
    $('#preview-text').textContent = 'Play ' + moveName(v, S.preview[0], S.preview[1]) + '? Tap it again or press Play.';
    bar.hidden = false;
  }

  function clickCell(x, y) {
    const v = S.view;
    if (!v) return;
    focusCell(x, y, false);
    if (!confirming() || !canMove()) { play(x, y); return; }
    if (v.rules.gravity) {
      y = dropRow(v.board, x);
      if (y < 0) { play(x, 0); return; }
    }
    if (S.preview && S.preview[0] === x && S.preview[1] === y) { play(x, y); return; }
    S.preview = [x, y];
    showMessage('');
    renderBoard();
  }

  async function play(x, y) {
    const v = S.view;
    if (!v) return;
    S.preview = null;
    if (S.replay !== null) { showMessage('You are looking back at move ' + S.replay + '. Press End or » to go back to the game.', 'info'); return; }
    if (v.status !== 'playing') { showMessage('The game is over. Start a new game to play again.'); return; }
    if (!S.token) { showMessage('You are watching this game: only its players can move.', 'info'); return; }
    if (!mySeats().includes(v.to_move)) {
      showMessage(v.computer === v.to_move ? 'Wait for ' + (v.agent ? 'the agent ' + v.agent : 'the computer') + ' to move.' : 'It is not your turn: wait for your friend.');
      return;
    }
    if (S.busy) return;
    const name = moveName(v, x, y);
    S.busy = true;
    showMessage('');
    render();
    const { status, data } = await api('POST', '/api/games/' + encodeURIComponent(v.id) + '/moves', { move: name, ply: v.ply }, S.token);
    S.busy = false;
    if (status === 200) {
      apply(data);
      focusCell(S.focus[0], S.focus[1], false);
      return;
    }
    if (status === 409) {
      showMessage('Your opponent moved first: the board is up to date now. Try again.', 'info');
      const fresh = await api('GET', '/api/games/' + encodeURIComponent(v.id));
      if (fresh.status === 200) apply(fresh.data);
    } else {
      showMessage(refusedText(status, data));
    }
    render();
  }

  function refusedText(status, data) {
    const msg = data && data.error ? data.error : 'The move was refused.';
    const first = msg.charAt(0).toUpperCase() + msg.slice(1);
    switch (status) {
      case 401: case 403: return 'Not allowed: ' + msg + '.';
      case 404: return 'This game no longer exists.';
      case 422: return 'Illegal move: ' + msg + '.';
      case 0: return msg;
      default: return first + (/[.!?]$/.test(first) ? '' : '.');
    }
  }

  async function undo() {
    const v = S.view;
    if (!v || S.busy) return;
    S.busy = true;
    render();
    const { status, data } = await api('POST', '/api/games/' + encodeURIComponent(v.id) + '/undo', { ply: v.ply }, S.token);
    S.busy = false;
    if (status === 200) { showMessage(''); apply(data); return; }
    showMessage(status === 409 ? 'The game changed meanwhile; try again.' : 'Cannot undo: ' + (data.error || 'refused') + '.');
    render();
  }

  // rematch: the same game again with the seats swapped (the computer's
  // level, the agent, the rules kept), made by the server once for the
  // game (POST …/rematch): whichever side asks first makes it, the other
  // joins it with the token it already holds.
  async function rematch() {
    const v = S.view;
    if (!v || !S.token) return;
    for (const b of ['#rematch', '#rematch-join']) $(b).disabled = true;
    const { status, data } = await api('POST', '/api/games/' + encodeURIComponent(v.id) + '/rematch', {}, S.token);
    for (const b of ['#rematch', '#rematch-join']) $(b).disabled = false;
    if (status !== 201 && status !== 200) { showMessage('The rematch could not be made: ' + refusedText(status, data)); return; }
    store.put(data.id, { token: data.token, seat: data.seat, invite: '', game: data.game, opponent: data.opponent });
    location.hash = '#g=' + encodeURIComponent(data.id);
  }

  // rulesBody: a view's rules as POST /api/games takes them.
  function rulesBody(v) {
    if (v.game === 'gomoku') return { rule: v.rules.rule };
    if (v.game === 'mnk') return { m: v.rules.m, n: v.rules.n, k: v.rules.k, gravity: v.rules.gravity, exact: v.rules.exact };
    return undefined;
  }

  // ---- the analysis board: /analysis?c4=4453 (a Connect Four move
  // string), or ?game=G[&rule=R][&m=&n=&k=&gravity=1&exact=1]&moves=h8,h9
  // in the game's notation. It is a local game (both seats here) created
  // from the position, the analysis on; the address follows the moves, so
  // it is always a link to the position shown. ----
  function boardRequest(q) {
    const body = { opponent: 'local' };
    const list = (text) => (text || '').split(',').map((m) => m.trim()).filter(Boolean);
    if (q.has('c4')) {
      body.game = 'connect4';
      body.moves = q.get('c4').replace(/\s/g, '').split('').filter(Boolean);
      return body;
    }
    body.game = q.get('game') || 'connect4';
    if (q.has('rule')) body.rules = { rule: q.get('rule') };
    if (body.game === 'mnk') {
      const flag = (name) => ['1', 'true', 'yes'].includes(q.get(name));
      body.rules = { m: parseInt(q.get('m'), 10) || 0, n: parseInt(q.get('n'), 10) || 0, k: parseInt(q.get('k'), 10) || 0, gravity: flag('gravity'), exact: flag('exact') };
    }
    body.moves = list(q.get('moves'));
    return body;
  }

  function boardURL(v) {
    if (v.game === 'connect4') return '/analysis?c4=' + v.moves.join('');
    let q = 'game=' + encodeURIComponent(v.game);
    if (v.game === 'gomoku') q += '&rule=' + encodeURIComponent(v.rules.rule);
    if (v.game === 'mnk') q += '&m=' + v.rules.m + '&n=' + v.rules.n + '&k=' + v.rules.k + (v.rules.gravity ? '&gravity=1' : '') + (v.rules.exact ? '&exact=1' : '');
    if (v.moves.length) q += '&moves=' + v.moves.map(encodeURIComponent).join(',');
    return '/analysis?' + q;
  }

  // openBoard opens the analysis board of the address. A reload (or the
  // same link again) opens the board game this browser already made for
  // that position, if the game still shows it, rather than a new one:
  // each board is a game on the server, counted against its limit of
  // new games. The saved entry keeps the address the board last had.
  async function openBoard() {
    S.board = true;
    const here = location.pathname + location.search;
    const all = store.load();
    const reuse = Object.keys(all).filter((id) => all[id].analysis && all[id].url === here && all[id].token).sort((a, b) => all[b].at - all[a].at)[0];
    if (reuse) {
      const { status, data } = await api('GET', '/api/games/' + encodeURIComponent(reuse));
      if (status === 200 && boardURL(data) === here) {
        $('#analysis-toggle').checked = true;
        openGame(reuse, null);
        return;
      }
    }
    const { status, data } = await api('POST', '/api/games', boardRequest(new URLSearchParams(location.search)));
    if (status !== 201) {
      showError('This position cannot be set up', refusedText(status === 422 ? 400 : status, data) +
        ' The link is /analysis?c4=4453 for Connect Four, or /analysis?game=gomoku&rule=renju&moves=h8,h9 with the moves in the game\'s notation.');
      return;
    }
    showBoard(data);
  }

  // showBoard opens a game just created for the analysis board.
  function showBoard(created) {
    store.put(created.id, { token: created.token, seat: created.seat, analysis: true });
    $('#analysis-toggle').checked = true;
    openGame(created.id, null);
  }

  // pasteRecord sets the board up from a pasted gomoku SGF or .psq record
  // (read by the server's package gomoku, not here).
  async function pasteRecord() {
    const text = $('#paste-text').value.trim();
    if (!text) { showMessage('Paste an SGF or .psq record first.'); return; }
    $('#paste-go').disabled = true;
    const { status, data } = await api('POST', '/api/games', { game: 'gomoku', opponent: 'local', record: text });
    $('#paste-go').disabled = false;
    if (status !== 201) { showMessage(refusedText(status === 422 ? 400 : status, data)); return; }
    showMessage('');
    $('#paste').open = false;
    showBoard(data);
  }

  function renderBoardTools() {
    const v = S.view;
    $('#board-tools').hidden = !S.board;
    if (!S.board) return;
    const url = boardURL(v);
    if (location.pathname + location.search !== url) history.replaceState(null, '', url);
    const saved = store.get(v.id);
    if (saved && saved.token && saved.url !== url) store.put(v.id, { url });
    $('#share-link').value = location.origin + url;
    nameContinueLevels(v);
    $('#continue').disabled = v.status !== 'playing';
  }

  // nameContinueLevels names the board's levels for its game, as the
  // start page does.
  async function nameContinueLevels(v) {
    const sel = $('#continue-level');
    const key = levelsQuery(v.game, rulesBody(v));
    if (sel.dataset.levels === key) return;
    sel.dataset.levels = key;
    const names = await levels(v.game, rulesBody(v));
    if (!names || sel.dataset.levels !== key) return;
    for (const o of sel.options) o.textContent = o.value + ' — ' + names[o.value - 1].name;
  }

  // continueAgainstComputer starts a game against the computer from the
  // board's position, the user on the side to move.
  async function continueAgainstComputer() {
    const v = S.view;
    if (!v || v.status !== 'playing') return;
    const body = { game: v.game, opponent: 'computer', level: parseInt($('#continue-level').value, 10) || 3, seat: v.to_move, moves: v.moves };
    const rules = rulesBody(v);
    if (rules) body.rules = rules;
    $('#continue').disabled = true;
    const { status, data } = await api('POST', '/api/games', body);
    $('#continue').disabled = false;
    if (status !== 201) { showMessage('The game could not be created: ' + (data.error || status) + '.'); return; }
    store.put(data.id, { token: data.token, seat: data.seat, invite: '', game: data.game, opponent: data.opponent });
    location.href = '/#g=' + encodeURIComponent(data.id);
  }

  // ---- keyboard: arrows move over the board, Enter plays; elsewhere
  // ← → Home End scrub through the game ----
  function focusCell(x, y, move = true) {
    const v = S.view;
    if (!v) return;
    x = Math.max(0, Math.min(v.rules.m - 1, x));
    y = Math.max(0, Math.min(v.rules.n - 1, y));
    S.focus = [x, y];
    for (const c of $('#board').querySelectorAll('.cell')) {
      const here = +c.dataset.x === x && +c.dataset.y === y;
      c.tabIndex = here ? 0 : -1;
      if (here && move) c.focus();
    }
  }

  function onBoardKey(e) {
    const [x, y] = S.focus;
    const keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (keys[e.key]) {
      e.preventDefault();
      focusCell(x + keys[e.key][0], y + keys[e.key][1]);
    } else if (e.key === 'Home') {
      e.preventDefault(); focusCell(0, y);
    } else if (e.key === 'End') {
      e.preventDefault(); focusCell(S.view.rules.m - 1, y);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      play(x, y);
    } else if (e.key === 'Escape' && S.preview) {
      S.preview = null; renderBoard();
    }
  }

  function onPageKey(e) {
    if (!S.view || $('#game').hidden || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t.closest && (t.closest('#board') || t.closest('input, select, textarea, [contenteditable]'))) return;
    const cur = shownPly();
    const to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: S.view.moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setReplay(to);
  }

  // ---- the game report: every move graded by the exact solver, or
  // gomoku's by the engine's proofs of forced wins ----
  const GRADES = {
    best: { name: 'a best move' }, good: { name: 'keeps the value' },
    mistake: { sign: '?', name: 'a mistake' }, blunder: { sign: '??', name: 'a blunder' },
    'kept-win': { name: 'kept a forced win' },
    'missed-win': { sign: '?', name: 'missed a forced win' }, 'allowed-win': { sign: '??', name: 'allowed a forced win' },
  };
  const isBad = (m) => m.grade === 'mistake' || m.grade === 'blunder' || m.grade === 'missed-win' || m.grade === 'allowed-win';

  // gradable: the boards the server's report grades: gravity boards its
  // solver takes (k or more in a row, (rows+1)·cols ≤ 64 bits), boards of
  // at most 16 cells (not renju), and five in a row on 5×5 to 20×20.
  function gradable(v) {
    const r = v.rules;
    if (r.gravity) return !r.exact && (r.n + 1) * r.m <= 64;
    if (r.m * r.n <= 16) return r.rule !== 'renju';
    return r.k === 5 && Math.min(r.m, r.n) >= 5 && Math.max(r.m, r.n) <= 20;
  }

  function currentReport() {
    return S.report && S.view && S.report.id === S.view.id && S.report.version === S.view.version && S.report.moves ? S.report : null;
  }

  async function fetchReport() {
    const v = S.view;
    if (!v) return;
    const sec = $('#report');
    sec.hidden = false;
    $('#report-note').textContent = v.rules.k === 5 && !v.rules.gravity && v.rules.m * v.rules.n > 16
      ? 'Searching every position for forced wins…' : 'Grading every move with the solver…';
    $('#report-graph').replaceChildren();
    $('#report-list').replaceChildren();
    const { status, data } = await api('GET', '/api/games/' + encodeURIComponent(v.id) + '/report');
    if (!S.view || S.view.id !== v.id) return;
    if (status !== 200) { $('#report-note').textContent = 'The report is unavailable: ' + refusedText(status, data); return; }
    S.report = data;
    render();
  }

  // valueText: a score from the mover's side, in words.
  const valueWord = (sc) => (sc > 0 ? 'a win' : sc < 0 ? 'a loss' : 'a draw');

  function renderReport() {
    const v = S.view, rep = currentReport();
    const sec = $('#report');
    if (!rep) { if (S.report) sec.hidden = true; return; }
    sec.hidden = false;
    if (rep.method === 'gomoku-vcf') { renderGomokuReport(v, rep); return; }
    const bad = rep.moves.filter((m) => m.grade === 'mistake' || m.grade === 'blunder');
    // The losing move: the loser's last move that made the value worse;
    // in a draw, the last move that threw a win away.
    let losing = null;
    if (v.status === 'won') losing = bad.filter((m) => m.seat !== v.winner).pop();
    else if (v.status === 'drawn') losing = bad.filter((m) => m.best > 0).pop();
    const say = (m) => moveNumber(m.ply) + ' ' + seatLabel(v, m.seat) + ' ' + m.move + ' threw ' + valueWord(m.best) + ' into ' + valueWord(m.score) +
      ' (' + m.best_moves.join(' or ') + ' kept ' + valueWord(m.best) + ')';
    let note = rep.method === 'none' ? (rep.note || 'This board is not graded.') + '.'
      : bad.length ? bad.length + (bad.length === 1 ? ' move changed' : ' moves changed') + ' the game\'s value.' : 'Every move kept the game\'s value: perfect play by both sides.';
    if (losing) note += ' The losing move: ' + say(losing) + '.';
    if (rep.method !== 'none' && !rep.complete) note += ' The time bound left some moves ungraded.';
    $('#report-note').textContent = note;
    $('#report-list').replaceChildren(...bad.map((m) => {
      const li = el('li');
      const b = el('button', 'linklike', say(m));
      b.type = 'button';
      b.addEventListener('click', () => setReplay(m.ply - 1));
      li.append(b);
      return li;
    }));
    $('#report-graph').replaceChildren(rep.method === 'none' ? '' : valueGraph(v, rep));
  }

  // renderGomokuReport: the moves the engine's search for victories by
  // continuous fours proves wrong — a forced win missed or allowed, with
  // its first moves — and the engine's estimate, marked as one.
  function renderGomokuReport(v, rep) {
    const marked = rep.moves.filter((m) => m.marks && m.marks.length);
    const line = (l) => (l || []).slice(0, 7).join(' ') + ((l || []).length > 7 ? ' …' : '');
    const other = (seat) => (seat === 'first' ? 'second' : 'first');
    const say = (m) => moveNumber(m.ply) + ' ' + seatLabel(v, m.seat) + ' ' + m.move + ' ' + m.marks.map((k) => (k === 'missed-win'
      ? 'missed a forced win: ' + line(m.missed_line)
      : 'allowed a forced win: ' + seatLabel(v, other(m.seat)) + ' ' + line(m.allowed_line))).join('; and ');
    let note = marked.length ? marked.length + (marked.length === 1 ? ' move' : ' moves') + ' missed or allowed a forced win.' : 'No move missed or allowed a forced win the engine could prove.';
    note += ' Proven: wins by continuous fours, found by the engine\'s exhaustive search' + (v.rules.rule === 'renju' ? ' (Black never through a forbidden point)' : '') + '. The graph is the engine\'s estimate, not an exact value.';
    if (!rep.complete) note += ' Some positions were not searched to the end: their moves are not marked.';
    $('#report-note').textContent = note;
    $('#report-list').replaceChildren(...marked.map((m) => {
      const li = el('li');
      const b = el('button', 'linklike', say(m));
      b.type = 'button';
      b.addEventListener('click', () => setReplay(m.ply - 1));
      li.append(b);
      return li;
    }));
    // A proven win is drawn at the edge; the estimate inside it, squashed.
    const pts = [0];
    for (const m of rep.moves) {
      let p = null;
      if (m.value === 'win') p = 1;
      else if (m.value === 'loss') p = -1;
      else if (m.estimate !== undefined && m.estimate !== null) p = Math.round(Math.tanh(m.estimate / 1500) * 90) / 100;
      pts.push(p === null ? null : (m.seat === 'first' ? p : -p));
    }
    const text = (p) => (p === null ? '?' : p >= 1 ? 'W' : p <= -1 ? 'L' : (p > 0 ? '+' : '') + p.toFixed(2));
    $('#report-graph').replaceChildren(graph(v, pts, 1, rep.moves.map((m) => m.marks && m.marks.length > 0),
      'The engine\'s estimate for ' + seatLabel(v, 'first') + ' move by move, not exact (W a proven win, L a proven loss, ? not searched): ' + pts.map(text).join(', '),
      ' ahead'));
  }

  // valueGraph draws the game-theoretic value from the first player's
  // side after each move (Pons' scores: above the line a win, below a
  // loss, farther the sooner), the moves that changed it dotted.
  function valueGraph(v, rep) {
    const pts = [];
    const first = rep.moves[0];
    pts.push(first && first.best !== null ? first.best : null);
    for (const m of rep.moves) pts.push(m.score === null ? null : (m.seat === 'first' ? m.score : -m.score));
    const known = pts.filter((p) => p !== null).length;
    return graph(v, pts, Math.max(1, ...pts.filter((p) => p !== null).map(Math.abs)), rep.moves.map(isBad),
      'Value of the game for ' + seatLabel(v, 'first') + ' move by move: ' + pts.map((p) => (p === null ? '?' : p > 0 ? '+' + p : p)).join(', ') + (known < pts.length ? ' (? ungraded)' : ''),
      ' wins');
  }

  // graph draws pts (one before the first move, one after each; null
  // for unknown) between -top and top, the moves dotted marked, the
  // axes labelled with the seats and what.
  function graph(v, pts, top, dotted, label, what) {
    const W = 300, H = 90, mid = H / 2;
    const xy = (i, p) => [(i / Math.max(1, pts.length - 1)) * (W - 10) + 5, mid - (p / top) * (mid - 8)];
    const s = svg('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img', preserveAspectRatio: 'none' });
    s.setAttribute('aria-label', label);
    svg('line', { x1: 0, y1: mid, x2: W, y2: mid, class: 'zero' }, s);
    let d = '';
    pts.forEach((p, i) => {
      if (p === null) return;
      const [x, y] = xy(i, p);
      d += (d && pts[i - 1] !== null ? 'L' : 'M') + x.toFixed(1) + ' ' + y.toFixed(1);
    });
    if (d) svg('path', { d, class: 'curve' }, s);
    dotted.forEach((bad, i) => {
      if (bad && pts[i + 1] !== null) {
        const [x, y] = xy(i + 1, pts[i + 1]);
        svg('circle', { cx: x, cy: y, r: 4, class: 'bad-dot' }, s);
      }
    });
    const lab = (y, t) => { const e = svg('text', { x: 2, y, class: 'axis' }, s); e.textContent = t; };
    lab(10, seatLabel(v, 'first') + what);
    lab(H - 3, seatLabel(v, 'second') + what);
    return s;
  }

  // ---- analysis ----
  const analysisCache = new Map();
  async function analyse() {
    const v = S.view;
    const note = $('#analysis-note');
    if (!v || !$('#analysis-toggle').checked) { note.hidden = true; return; }
    if (S.analysisAbort) S.analysisAbort.abort();
    const ctl = new AbortController();
    S.analysisAbort = ctl;
    note.hidden = false;
    const ply = shownPly();
    if (v.status !== 'playing' && ply === v.moves.length) { note.textContent = 'The game is over.'; return; }
    note.textContent = S.replay === null ? 'Analysing…' : 'Analysing the position after ' + (ply ? moveNumber(ply) + ' ' + v.moves[ply - 1] : 'no move') + '…';
    // Analyses are kept by position (the game and its moves up to the
    // ply), so scrubbing back and forth asks the server once for each:
    // every request counts against the per-address analysis limit.
    const key = v.id + '/' + v.moves.slice(0, ply).join(',');
    let resp = { status: 200 }, data = analysisCache.get(key);
    if (!data) {
      try {
        const at = S.replay === null ? '' : '?ply=' + ply;
        resp = await fetch('/api/games/' + encodeURIComponent(v.id) + '/analysis' + at, { signal: ctl.signal });
        data = await resp.json();
      } catch (e) {
        if (e.name !== 'AbortError') note.textContent = 'The analysis failed.';
        return;
      }
      if (resp.status === 200 && data.complete) {
        if (analysisCache.size >= 200) analysisCache.clear();
        analysisCache.set(key, data);
      }
    }
    // The same game at the same version: the event stream may have
    // replaced the view object by an equal one meanwhile.
    if (!S.view || S.view.id !== v.id || S.view.version !== v.version || shownPly() !== ply) return;
    if (resp.status !== 200) { note.textContent = 'Analysis unavailable: ' + (data.error || resp.status) + '.'; return; }
    S.analysis = data;
    const who = data.to_move ? seatLabel(v, data.to_move) : '';
    const lineText = (data.line || []).map((m) => m.move).join(', ');
    if (data.method === 'none') {
      note.textContent = 'No exact solver for this board: ' + (data.note || 'no values') + '.';
    } else if (data.method === 'vcf') {
      note.textContent = who + ' wins by continuous fours: ' + lineText + ' (numbered on the board; "any" is a free reply).';
    } else if (data.method === 'vct') {
      note.textContent = who + ' has a forced win by threats; the engine expects ' + lineText + (data.line.length > 1 ? ' (numbered on the board)' : '') + '. W marks forced wins, L forced losses, numbers rank the other candidates.';
    } else if (data.method === 'search') {
      note.textContent = 'No forced win for ' + who + ' by continuous fours. The engine\'s best candidates, ranked 1 to ' + data.moves.length +
        (data.depth ? ' (depth ' + data.depth + ')' : '') + '; W marks forced wins, L forced losses. Best: ' + (data.moves[0] ? data.moves[0].move : '—') + '.';
    } else {
      const known = (data.moves || []).filter((mv) => mv.score !== null && mv.score !== undefined);
      const top = known.length ? Math.max(...known.map((mv) => mv.score)) : null;
      const bestMoves = known.filter((mv) => mv.score === top).map((mv) => mv.move);
      note.textContent = 'Scores for ' + seatLabel(v, data.to_move) + ': positive wins (higher is faster), 0 draws, negative loses (Pascal Pons\' convention).' +
        (bestMoves.length ? ' Best: ' + bestMoves.join(', ') + ' (' + (top > 0 ? '+' + top : top) + ', starred).' : '') +
        (data.complete ? '' : ' The time bound cut the search short: blank moves are unsolved.');
    }
    renderBoard();
  }

  // ---- record: export ----
  function renderRecord() {
    const v = S.view;
    if (!$('#record').open) return;
    const sel = $('#export-format');
    const formats = exportFormats(v);
    if (sel.dataset.game !== v.id) {
      sel.replaceChildren(...formats.map((f) => { const o = el('option', '', f.label); o.value = f.id; return o; }));
      sel.dataset.game = v.id;
    }
    const f = formats.find((f) => f.id === sel.value) || formats[0];
    if (!f.server) {
      $('#export-text').value = f.text();
      return;
    }
    // Records the server writes (package gomoku's SGF and .psq).
    const key = v.id + '/' + v.version + '/' + f.server;
    if (S.recordKey === key) return;
    S.recordKey = key;
    $('#export-text').value = 'Loading…';
    fetch(recordURL(v, f.server)).then((r) => r.text()).then((text) => {
      if (S.recordKey === key) $('#export-text').value = text;
    }).catch(() => { $('#export-text').value = 'The record could not be loaded.'; });
  }

  function recordURL(v, format) {
    return '/api/games/' + encodeURIComponent(v.id) + '/record?format=' + format;
  }

  function exportFormats(v) {
    const out = [];
    if (v.notation === 'column' && v.rules.m <= 9) {
      out.push({ id: 'c4', label: 'Move string (1-based columns)', ext: 'txt', text: () => v.moves.join('') });
    }
    out.push({ id: 'moves', label: 'Moves, one per line', ext: 'txt', text: () => v.moves.map((m, i) => (i + 1) + '. ' + m).join('\n') });
    if (v.game === 'gomoku' || v.game === 'gobang') {
      out.push({ id: 'sgf', label: 'SGF', ext: 'sgf', server: 'sgf' });
      out.push({ id: 'psq', label: 'Piskvork .psq', ext: 'psq', server: 'psq' });
    } else if (v.notation !== 'column') {
      out.push({ id: 'sgf', label: 'SGF', ext: 'sgf', text: () => sgf(v) });
      if (v.game === 'mnk') out.push({ id: 'psq', label: 'Piskvork .psq', ext: 'psq', text: () => psq(v) });
    }
    return out;
  }

  function cellsOf(v) {
    const board = Array.from({ length: v.rules.n }, () => Array(v.rules.m).fill('.'));
    return v.moves.map((mv, i) => {
      const [x, y] = cellOf(v, mv, board);
      board[y][x] = i % 2 ? 'o' : 'x';
      return [x, y];
    });
  }

  function sgf(v) {
    const size = v.rules.m === v.rules.n ? String(v.rules.m) : v.rules.m + ':' + v.rules.n;
    let s = '(;FF[4]GM[4]SZ[' + size + ']AP[inarow]';
    if (v.status === 'won') s += 'RE[' + (v.winner === 'first' ? 'B' : 'W') + '+]';
    if (v.status === 'drawn') s += 'RE[0]';
    cellsOf(v).forEach(([x, y], i) => { s += ';' + (i % 2 ? 'W' : 'B') + '[' + String.fromCharCode(97 + x, 97 + y) + ']'; });
    return s + ')';
  }

  function psq(v) {
    const lines = ['Piskvorky ' + v.rules.m + 'x' + v.rules.n + ', 11:11, 0'];
    for (const [x, y] of cellsOf(v)) lines.push((x + 1) + ',' + (y + 1) + ',0');
    lines.push('-1');
    return lines.join('\n') + '\n';
  }

  function download() {
    const v = S.view;
    const f = exportFormats(v).find((f) => f.id === $('#export-format').value) || exportFormats(v)[0];
    const a = el('a');
    if (f.server) {
      a.href = recordURL(v, f.server);
      a.download = '';
      document.body.append(a);
      a.click();
      a.remove();
      return;
    }
    const blob = new Blob([f.text()], { type: 'text/plain' });
    a.href = URL.createObjectURL(blob);
    a.download = 'inarow-' + v.game + '-' + v.id + '.' + f.ext;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  // ---- theme: follows the system unless the switch says light or dark ----
  const THEMES = { auto: '◐', light: '☀', dark: '☾' };
  function applyTheme(t) {
    if (!THEMES[t]) t = 'auto';
    if (t === 'auto') delete document.documentElement.dataset.theme; else document.documentElement.dataset.theme = t;
    const b = $('#theme-toggle');
    const icon = el('span', '', THEMES[t]);
    icon.setAttribute('aria-hidden', 'true');
    b.replaceChildren(icon, ' Theme: ' + t);
    b.title = t === 'auto' ? 'The theme follows the system; click for light, then dark' : 'Click for ' + (t === 'light' ? 'dark' : 'the system\'s theme');
    b.dataset.theme = t;
  }

  // The help line says what this device does: tap or click.
  function helpText() {
    const touch = window.matchMedia('(pointer: coarse)').matches;
    $('#help').textContent = touch
      ? 'Tap a point to play it; with "Confirm moves" on, the first tap shows the move and a second tap plays it. Tap a move in the list to look back.'
      : 'Click a cell, or move over the board with the arrow keys and press Enter. Outside the board, ← → Home End step through the moves.';
  }

  // ---- wiring ----
  // The agents this server can seat, offered as opponents when there are any.
  async function loadAgents() {
    const { status, data } = await api('GET', '/api/agents');
    if (status !== 200 || !data.agents || !data.agents.length) return;
    $('#agent').replaceChildren(...data.agents.map((a) => { const o = el('option', '', a.name); o.value = a.name; return o; }));
    $('#agent-choice').hidden = false;
  }

  function init() {
    applyTheme(pref.get('theme'));
    $('#theme-toggle').addEventListener('click', () => {
      const order = ['auto', 'light', 'dark'];
      const next = order[(order.indexOf($('#theme-toggle').dataset.theme) + 1) % order.length];
      pref.set('theme', next === 'auto' ? null : next);
      applyTheme(next);
    });
    for (const p of document.querySelectorAll('.pic[data-pic]')) p.append(picture(p.dataset.pic));
    helpText();
    $('#create-form').addEventListener('submit', createGame);
    $('#create-form').addEventListener('change', syncForm);
    $('#create-form').addEventListener('input', syncForm);
    $('#board').addEventListener('click', (e) => {
      const c = e.target.closest('.cell');
      if (c) clickCell(+c.dataset.x, +c.dataset.y);
    });
    $('#board').addEventListener('keydown', onBoardKey);
    document.addEventListener('keydown', onPageKey);
    $('#preview-play').addEventListener('click', () => { if (S.preview) play(S.preview[0], S.preview[1]); });
    $('#preview-cancel').addEventListener('click', () => { S.preview = null; renderBoard(); });
    $('#confirm-toggle').addEventListener('change', (e) => {
      pref.set('confirm', e.target.checked ? 'on' : 'off');
      if (!e.target.checked) S.preview = null;
      if (S.view) renderBoard();
    });
    $('#undo').addEventListener('click', undo);
    $('#rematch').addEventListener('click', rematch);
    $('#rematch-join').addEventListener('click', rematch);
    $('#play-perfect').addEventListener('click', async () => {
      $('#play-perfect').disabled = true;
      const { status, data } = await create({ game: 'connect4', opponent: 'computer', level: 3, seat: 'first' });
      $('#play-perfect').disabled = false;
      if (status !== 201) alertForm(data.error || 'The game could not be created.');
    });
    $('#report-button').addEventListener('click', fetchReport);
    $('#seat-keep').addEventListener('click', () => resolveOffer(false));
    $('#seat-take').addEventListener('click', () => resolveOffer(true));
    $('#analysis-toggle').addEventListener('change', () => {
      S.analysis = null;
      if (S.view) renderBoard();
      analyse();
    });
    $('#record').addEventListener('toggle', () => { if (S.view) renderRecord(); });
    $('#move-list').addEventListener('click', (e) => {
      const b = e.target.closest('.move');
      if (b) setReplay(+b.dataset.ply);
    });
    $('#replay-start').addEventListener('click', () => setReplay(0));
    $('#replay-end').addEventListener('click', () => setReplay(Infinity));
    $('#replay-back').addEventListener('click', () => setReplay(shownPly() - 1));
    $('#replay-forward').addEventListener('click', () => setReplay(shownPly() + 1));
    $('#export-format').addEventListener('change', renderRecord);
    $('#export-download').addEventListener('click', download);
    // Copy a link field; where the clipboard is refused, leave it selected.
    const copyField = (sel) => async () => {
      const input = $(sel);
      input.select();
      try { await navigator.clipboard.writeText(input.value); showMessage('Link copied.', 'info'); } catch { showMessage('Select the link and copy it.', 'info'); }
    };
    $('#copy-invite').addEventListener('click', copyField('#invite-link'));
    $('#copy-watch').addEventListener('click', copyField('#watch-link'));
    for (const a of ['#new-link', '#home-link', '#error-home']) {
      $(a).addEventListener('click', (e) => {
        e.preventDefault();
        if (location.pathname !== '/') { location.href = '/'; return; } // the analysis board
        const had = location.hash.length > 1;
        location.hash = '';
        if (!had) route(); // no hashchange to route on
      });
    }
    $('#continue').addEventListener('click', continueAgainstComputer);
    $('#paste-go').addEventListener('click', pasteRecord);
    $('#copy-share').addEventListener('click', copyField('#share-link'));
    window.addEventListener('hashchange', route);
    loadAgents();
    if (location.pathname === '/analysis') openBoard(); else route();
  }

  init();
})();
