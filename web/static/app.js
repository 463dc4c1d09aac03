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

  // ---- notation ----
  const TTT_ROWS = ['top', 'middle', 'bottom'];
  const TTT_COLS = ['left', 'center', 'right'];
  const pad2 = (n) => String(n).padStart(2, '0');

  function moveName(view, x, y) {
    const rows = view.rules.n;
    switch (view.notation) {
      case 'tictactoe': return TTT_ROWS[y] + '-' + TTT_COLS[x];
      case 'column': return String(x + 1);
      case 'point': return pad2(y + 1) + '-' + pad2(x + 1);
      default: return String.fromCharCode(97 + x) + (rows - y);
    }
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
  };

  function showMessage(text, kind) {
    const m = $('#message');
    if (!text) { m.hidden = true; m.textContent = ''; return; }
    m.textContent = text;
    m.className = 'message ' + (kind || 'error');
    m.hidden = false;
  }

  // ---- routing: #g=ID[&t=TOKEN&s=SEAT] is a game, anything else the form ----
  function route() {
    const params = new URLSearchParams(location.hash.slice(1));
    const id = params.get('g');
    closeGame();
    if (!id) { showForm(); return; }
    const t = params.get('t');
    if (t) {
      // An invite (or a shared seat): keep the token here, drop it from the address bar.
      store.put(id, { token: t, seat: params.get('s') || '' });
      history.replaceState(null, '', '#g=' + encodeURIComponent(id));
    }
    openGame(id);
  }

  // ---- the new-game form ----
  function formValue(name) {
    const c = document.querySelector('input[name="' + name + '"]:checked');
    return c ? c.value : '';
  }

  function syncForm() {
    const game = formValue('game');
    const opp = formValue('opponent');
    $('#gomoku-rules').hidden = game !== 'gomoku';
    $('#mnk-rules').hidden = game !== 'mnk';
    $('#computer-options').hidden = opp !== 'computer';
    $('#agent-options').hidden = opp !== 'agent';
    $('#seat-options').hidden = opp === 'local';
  }

  function showForm() {
    $('#game').hidden = true;
    $('#new-game').hidden = false;
    document.title = 'inarow — new game';
    syncForm();
    const all = store.load();
    const ids = Object.keys(all).filter((id) => all[id].game).sort((a, b) => all[b].at - all[a].at).slice(0, 10);
    $('#recent').hidden = ids.length === 0;
    const list = $('#recent-list');
    list.replaceChildren();
    for (const id of ids) {
      const li = el('li');
      const a = el('a', '', (gameTitle[all[id].game] || all[id].game) + ' · ' + (all[id].opponent || '') + ' · ' + new Date(all[id].at).toLocaleString());
      a.href = '#g=' + encodeURIComponent(id);
      li.append(a);
      list.append(li);
    }
  }

  async function createGame(ev) {
    ev.preventDefault();
    const game = formValue('game');
    const opponent = formValue('opponent');
    const body = { game, opponent };
    if (game === 'gomoku') body.rules = { rule: formValue('rule') };
    if (game === 'mnk') {
      body.rules = {
        m: parseInt($('#mnk-m').value, 10) || 0, n: parseInt($('#mnk-n').value, 10) || 0,
        k: parseInt($('#mnk-k').value, 10) || 0, gravity: $('#mnk-gravity').checked, exact: $('#mnk-exact').checked,
      };
    }
    if (opponent === 'computer') body.level = parseInt($('#level').value, 10);
    if (opponent === 'agent') body.agent = $('#agent').value;
    if (opponent !== 'local') body.seat = formValue('seat');
    const btn = $('#create');
    btn.disabled = true;
    const { status, data } = await api('POST', '/api/games', body);
    btn.disabled = false;
    if (status !== 201) {
      alertForm(data.error || 'The game could not be created.');
      return;
    }
    store.put(data.id, { token: data.token, seat: data.seat, invite: data.invite_token || '', game, opponent });
    location.hash = '#g=' + encodeURIComponent(data.id);
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
  async function openGame(id) {
    S.id = id;
    const saved = store.get(id) || {};
    S.token = saved.token || null;
    S.seat = saved.seat || null;
    S.view = null; S.replay = null; S.analysis = null; S.size = '';
    $('#new-game').hidden = true;
    $('#game').hidden = false;
    $('#record').hidden = true;
    $('#record-toggle').setAttribute('aria-expanded', 'false');
    showMessage('');
    $('#status').textContent = 'Loading…';
    const { status, data } = await api('GET', '/api/games/' + encodeURIComponent(id));
    if (S.id !== id) return;
    if (status !== 200) {
      $('#status').textContent = '';
      showMessage(status === 404 ? 'There is no such game. Check the link, or start a new game.' : (data.error || 'The game could not be loaded.'));
      $('#board').replaceChildren();
      return;
    }
    if (S.token) store.put(id, { game: data.game, opponent: data.opponent });
    apply(data);
    listen(id);
  }

  function closeGame() {
    if (S.es) { S.es.close(); S.es = null; }
    if (S.analysisAbort) S.analysisAbort.abort();
    S.id = null;
  }

  function listen(id) {
    const es = new EventSource('/api/games/' + encodeURIComponent(id) + '/events');
    es.addEventListener('game', (e) => {
      if (S.id !== id) return;
      try { apply(JSON.parse(e.data)); } catch { /* ignore a bad event */ }
    });
    es.addEventListener('open', () => { if (S.id === id) $('#board').classList.remove('offline'); });
    es.addEventListener('error', () => { if (S.id === id) $('#board').classList.add('offline'); });
    S.es = es;
  }

  // apply shows a view if it is not older than the one shown.
  function apply(view) {
    if (S.view && view.version < S.view.version) return;
    const changed = !S.view || S.view.version !== view.version;
    S.view = view;
    if (changed) S.analysis = null;
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

  function statusText() {
    const v = S.view;
    const mine = mySeats();
    if (S.replay !== null) return 'Replay: move ' + S.replay + ' of ' + v.moves.length;
    if (v.status === 'won') {
      const w = seatLabel(v, v.winner);
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

  // opponentName: who plays the computer's seat, the computer or an agent.
  function opponentName(v) {
    return v.agent ? 'The agent ' + v.agent : 'The computer';
  }

  function render() {
    const v = S.view;
    document.title = 'inarow — ' + gameTitle[v.game];
    let title = gameTitle[v.game];
    if (v.game === 'gomoku') title += ' (' + v.rules.rule + ')';
    if (v.game === 'mnk') title = v.rules.m + '×' + v.rules.n + ', ' + v.rules.k + ' in a row' + (v.rules.gravity ? ', gravity' : '') + (v.rules.exact ? ', exactly' : '');
    if (v.agent) title += ' · vs agent ' + v.agent;
    else if (v.computer) title += ' · vs computer, level ' + v.level;
    else if (v.opponent === 'friend') title += ' · vs a friend';
    else title += ' · two players here';
    $('#game-title').textContent = title;
    $('#status').textContent = statusText();

    // Invite link for the creator of a friend game, until the friend moves.
    const saved = store.get(v.id) || {};
    const inv = $('#invite');
    if (v.opponent === 'friend' && saved.invite && v.status === 'playing' && v.ply < 2) {
      const other = S.seat === 'second' ? 'first' : 'second';
      $('#invite-link').value = location.origin + location.pathname + '#g=' + encodeURIComponent(v.id) + '&t=' + encodeURIComponent(saved.invite) + '&s=' + other;
      inv.hidden = false;
    } else {
      inv.hidden = true;
    }
    const undo = $('#undo');
    undo.hidden = !(S.token && (v.computer || v.opponent === 'local')) || !!v.forfeit;
    undo.disabled = S.busy || v.moves.length === 0 || S.replay !== null;

    renderBoard();
    renderRecord();
  }

  function renderBoard() {
    const v = S.view;
    const m = v.rules.m, n = v.rules.n;
    const boardEl = $('#board');
    const size = m + 'x' + n + v.game;
    if (S.size !== size) {
      S.size = size;
      boardEl.replaceChildren();
      boardEl.style.setProperty('--cols', m);
      boardEl.style.setProperty('--rows', n);
      boardEl.className = 'board theme-' + (v.game === 'gomoku' || v.game === 'gobang' ? 'go' : v.rules.gravity ? 'c4' : v.game === 'tictactoe' ? 'ttt' : 'mnk');
      for (let y = 0; y < n; y++) {
        const row = el('div', 'row');
        row.setAttribute('role', 'row');
        for (let x = 0; x < m; x++) {
          const c = el('button', 'cell');
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
      const cols = $('#columns');
      cols.replaceChildren();
      cols.style.setProperty('--cols', m);
      for (let x = 0; x < m; x++) cols.append(el('span', 'colscore'));
    }
    const shown = S.replay === null ? { board: v.board, last: v.last_move } : boardAt(v, S.replay);
    const win = new Set(S.replay === null ? v.winning_line.map(([x, y]) => x + ',' + y) : []);
    const forb = new Set(S.replay === null && v.forbidden ? v.forbidden.map(([x, y]) => x + ',' + y) : []);
    const scores = new Map();
    // Gomoku analyses: the forced line numbered in order, the engine's
    // candidates ranked, forced wins and losses marked W and L.
    const marks = new Map();
    if (S.analysis && S.replay === null && S.analysis.ply === v.ply) {
      const a = S.analysis;
      if (a.method === 'vcf' || a.method === 'vct' || a.method === 'search') {
        a.moves.forEach((mv, i) => {
          const proven = mv.proven ? (mv.score > 0 ? 'W' : 'L') : '';
          marks.set(mv.x + ',' + mv.y, {
            text: proven || String(i + 1), cls: proven === 'W' ? 'good' : proven === 'L' ? 'bad' : i === 0 ? 'even best' : 'even',
            label: proven === 'W' ? 'a forced win' : proven === 'L' ? 'a forced loss' : 'candidate ' + (i + 1) + ', engine score ' + mv.score,
          });
        });
        (a.line || []).forEach((mv, i) => {
          if (mv.x < 0) return;
          marks.set(mv.x + ',' + mv.y, {
            text: String(i + 1), cls: 'line ' + (i % 2 ? 'bad' : 'good'),
            label: 'move ' + (i + 1) + ' of the forced win (' + (i % 2 ? 'the defence' : 'the attack') + ')',
          });
        });
      } else {
        for (const mv of a.moves) scores.set(mv.x + ',' + mv.y, mv.score);
      }
    }
    const movable = canMove();
    boardEl.classList.toggle('movable', movable);
    boardEl.classList.toggle('replaying', S.replay !== null);
    for (const c of boardEl.querySelectorAll('.cell')) {
      const x = +c.dataset.x, y = +c.dataset.y, key = x + ',' + y;
      const s = shown.board[y][x];
      c.classList.toggle('x', s === 'x');
      c.classList.toggle('o', s === 'o');
      c.classList.toggle('last', !!shown.last && shown.last[0] === x && shown.last[1] === y);
      c.classList.toggle('win', win.has(key));
      c.classList.toggle('forbidden', forb.has(key));
      c.tabIndex = (x === S.focus[0] && y === S.focus[1]) ? 0 : -1;
      const name = moveName(v, x, y);
      let label = (v.notation === 'column' ? 'column ' + name + ', row ' + (v.rules.n - y) : name) + ': ';
      label += s === 'x' ? seatLabel(v, 'first') : s === 'o' ? seatLabel(v, 'second') : 'empty';
      if (forb.has(key)) label += ', forbidden for black';
      const sc = c.querySelector('.score');
      if (marks.has(key)) {
        const mk = marks.get(key);
        sc.textContent = mk.text;
        sc.className = 'score ' + mk.cls;
        label += ', ' + mk.label;
      } else if (scores.has(key) && v.notation !== 'column') {
        const val = scores.get(key);
        sc.textContent = val > 0 ? '+' + val : String(val);
        sc.className = 'score ' + (val > 0 ? 'good' : val < 0 ? 'bad' : 'even');
        label += ', value ' + val;
      } else {
        sc.textContent = '';
        sc.className = 'score';
      }
      c.setAttribute('aria-label', label);
      c.dataset.open = movable && s === '.' && !forb.has(key) ? 'yes' : 'no';
    }
    // Column scores above a gravity board, like the Connect Four solver page.
    const colEls = $('#columns').children;
    const showCols = v.notation === 'column' && S.analysis && S.analysis.columns && S.analysis.ply === v.ply && S.replay === null;
    $('#columns').hidden = !showCols;
    for (let x = 0; x < colEls.length; x++) {
      const val = showCols ? S.analysis.columns[x] : null;
      colEls[x].textContent = val === null || val === undefined ? '' : (val > 0 ? '+' + val : String(val));
      colEls[x].className = 'colscore ' + (val === null || val === undefined ? '' : val > 0 ? 'good' : val < 0 ? 'bad' : 'even');
    }
  }

  // ---- moving ----
  async function play(x, y) {
    const v = S.view;
    if (!v) return;
    if (S.replay !== null) { showMessage('You are looking at the record. Press » to go back to the game.', 'info'); return; }
    if (v.status !== 'playing') { showMessage('The game is over. Start a new game to play again.'); return; }
    if (!S.token) { showMessage('You are watching this game: only its players can move.'); return; }
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
      default: return first + '.';
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

  // ---- keyboard ----
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
    }
  }

  // ---- analysis ----
  async function analyse() {
    const v = S.view;
    const note = $('#analysis-note');
    if (!v || !$('#analysis-toggle').checked) { note.hidden = true; return; }
    if (S.analysisAbort) S.analysisAbort.abort();
    const ctl = new AbortController();
    S.analysisAbort = ctl;
    note.hidden = false;
    if (v.status !== 'playing') { note.textContent = 'The game is over.'; return; }
    note.textContent = 'Analysing…';
    let resp, data;
    try {
      resp = await fetch('/api/games/' + encodeURIComponent(v.id) + '/analysis', { signal: ctl.signal });
      data = await resp.json();
    } catch (e) {
      if (e.name !== 'AbortError') note.textContent = 'The analysis failed.';
      return;
    }
    // The same game at the same version: the event stream may have
    // replaced the view object by an equal one meanwhile.
    if (!S.view || S.view.id !== v.id || S.view.version !== v.version) return;
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
        (data.depth ? ' (depth ' + data.depth + ')' : '') + '; W marks forced wins, L forced losses.';
    } else {
      note.textContent = 'Scores for ' + seatLabel(v, data.to_move) + ': positive wins (higher is faster), 0 draws, negative loses (Pascal Pons\' convention).' +
        (data.complete ? '' : ' The time bound cut the search short: blank moves are unsolved.');
    }
    renderBoard();
  }

  // ---- record: replay and export ----
  function renderRecord() {
    const v = S.view;
    if ($('#record').hidden) return;
    const list = $('#move-list');
    list.replaceChildren();
    v.moves.forEach((mv, i) => {
      const li = el('li');
      const b = el('button', 'move' + (S.replay === i + 1 || (S.replay === null && i === v.moves.length - 1) ? ' current' : ''), (i + 1) + '. ' + seatLabel(v, i % 2 ? 'second' : 'first') + ' ' + mv);
      b.type = 'button';
      b.addEventListener('click', () => setReplay(i + 1));
      li.append(b);
      list.append(li);
    });
    const range = $('#replay-ply');
    range.max = v.moves.length;
    range.value = S.replay === null ? v.moves.length : S.replay;
    $('#replay-label').textContent = (S.replay === null ? v.moves.length : S.replay) + ' / ' + v.moves.length;
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

  function setReplay(ply) {
    const v = S.view;
    if (!v) return;
    ply = Math.max(0, Math.min(v.moves.length, ply));
    S.replay = ply === v.moves.length ? null : ply;
    render();
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

  // ---- wiring ----
  // The agents this server can seat, offered as opponents when there are any.
  async function loadAgents() {
    const { status, data } = await api('GET', '/api/agents');
    if (status !== 200 || !data.agents || !data.agents.length) return;
    $('#agent').replaceChildren(...data.agents.map((a) => { const o = el('option', '', a.name); o.value = a.name; return o; }));
    $('#agent-choice').hidden = false;
  }

  function init() {
    $('#create-form').addEventListener('submit', createGame);
    $('#create-form').addEventListener('change', syncForm);
    $('#board').addEventListener('click', (e) => {
      const c = e.target.closest('.cell');
      if (!c) return;
      focusCell(+c.dataset.x, +c.dataset.y, false);
      play(+c.dataset.x, +c.dataset.y);
    });
    $('#board').addEventListener('keydown', onBoardKey);
    $('#undo').addEventListener('click', undo);
    $('#analysis-toggle').addEventListener('change', () => {
      S.analysis = null;
      if (S.view) renderBoard();
      analyse();
    });
    $('#record-toggle').addEventListener('click', () => {
      const rec = $('#record');
      rec.hidden = !rec.hidden;
      $('#record-toggle').setAttribute('aria-expanded', String(!rec.hidden));
      if (rec.hidden) S.replay = null;
      if (S.view) render();
    });
    $('#replay-start').addEventListener('click', () => setReplay(0));
    $('#replay-end').addEventListener('click', () => setReplay(Infinity));
    $('#replay-back').addEventListener('click', () => setReplay((S.replay === null ? S.view.moves.length : S.replay) - 1));
    $('#replay-forward').addEventListener('click', () => setReplay((S.replay === null ? S.view.moves.length : S.replay) + 1));
    $('#replay-ply').addEventListener('input', (e) => setReplay(parseInt(e.target.value, 10)));
    $('#export-format').addEventListener('change', renderRecord);
    $('#export-download').addEventListener('click', download);
    $('#copy-invite').addEventListener('click', async () => {
      const input = $('#invite-link');
      input.select();
      try { await navigator.clipboard.writeText(input.value); showMessage('Link copied.', 'info'); } catch { showMessage('Select the link and copy it.', 'info'); }
    });
    $('#new-link').addEventListener('click', (e) => { e.preventDefault(); location.hash = ''; });
    $('#home-link').addEventListener('click', (e) => { e.preventDefault(); location.hash = ''; });
    window.addEventListener('hashchange', route);
    loadAgents();
    route();
  }

  init();
})();
