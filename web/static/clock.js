// inarow — the clocks of a game with a time control. The server keeps the
// time: every view it sends holds each seat's time left when it answered
// and the seat whose clock runs; this only counts that seat down between
// views, from the moment the view arrived (so the two computers' clocks
// need not agree). When the running clock shows zero and no view has come
// for a while, onStale asks for one: the server records the loss on time.
'use strict';

window.inarowClock = (() => {
  const LOW_MS = 20000; // below this a clock is styled and named as low
  let timer = null;
  let state = null; // {id, box, els, control, view, at, onStale, staleAsked}

  // format writes a time left: m:ss, and tenths under ten seconds.
  function format(ms) {
    ms = Math.max(0, ms);
    if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
    const s = Math.ceil(ms / 1000);
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }

  // spoken is the same time in words, for the clock's accessible name.
  function spoken(ms) {
    const s = Math.ceil(Math.max(0, ms) / 1000);
    const m = Math.floor(s / 60), r = s % 60;
    const parts = [];
    if (m) parts.push(m + (m === 1 ? ' minute' : ' minutes'));
    if (r || !m) parts.push(r + (r === 1 ? ' second' : ' seconds'));
    return parts.join(' ');
  }

  function left(seat) {
    const c = state.view.clock;
    const ms = seat === 'first' ? c.first_ms : c.second_ms;
    return c.running === seat ? ms - (performance.now() - state.at) : ms;
  }

  function tick() {
    if (!state) return;
    const c = state.view.clock;
    for (const seat of ['first', 'second']) {
      const ms = left(seat);
      const e = state.els[seat];
      const text = format(ms);
      if (e.time.textContent !== text) e.time.textContent = text;
      const low = ms < LOW_MS && state.view.status === 'playing';
      e.box.classList.toggle('running', c.running === seat);
      e.box.classList.toggle('low', low);
      e.box.classList.toggle('flagged', c.flag === seat);
      e.badge.textContent = c.flag === seat ? 'time out' : low ? 'low time' : c.running === seat ? 'running' : '';
      const label = e.name + ': ' + (c.flag === seat ? 'out of time' : spoken(ms) + ' left') + (c.running === seat ? ', running' : '') + (low ? ', low time' : '');
      if (e.box.getAttribute('aria-label') !== label) e.box.setAttribute('aria-label', label);
    }
    if (c.running && left(c.running) <= 0 && !state.staleAsked && performance.now() - state.at > 1500) {
      state.staleAsked = true;
      state.onStale();
    }
  }

  // show draws the clocks of view into box (hidden without a clock);
  // names maps a seat to its label; onStale is called once when the
  // running clock has shown zero for a moment without news.
  function show(box, view, names, onStale) {
    if (!view.clock) {
      stop();
      box.hidden = true;
      return;
    }
    box.hidden = false;
    // Each new view re-bases the count: its times are the server's when
    // it answered. The elements stay while the game does.
    if (!state || state.id !== view.id || state.box !== box) build(box, view, names);
    const c = view.clock;
    state.control.textContent = 'Time control ' + c.control + ': ' + spoken(c.initial_ms) + ' each, ' + (c.increment_ms ? 'plus ' + spoken(c.increment_ms) + ' a move' : 'no increment') +
      (c.running || c.flag ? '.' : '; the clocks start once both sides have moved.');
    // A page redraws for many reasons; only a new view re-bases.
    if (state.view !== view) Object.assign(state, { view, at: performance.now(), onStale, staleAsked: false });
    tick();
    if (!timer) timer = setInterval(tick, 100);
  }

  function build(box, view, names) {
    const els = {};
    box.replaceChildren(...['first', 'second'].map((seat) => {
      const e = document.createElement('div');
      e.className = 'clock clock-' + seat;
      e.setAttribute('role', 'timer');
      const name = document.createElement('span');
      name.className = 'clock-name';
      name.textContent = names(seat);
      const time = document.createElement('span');
      time.className = 'clock-time';
      time.setAttribute('aria-hidden', 'true');
      const badge = document.createElement('span');
      badge.className = 'clock-badge';
      badge.setAttribute('aria-hidden', 'true');
      e.append(name, time, badge);
      els[seat] = { box: e, time, badge, name: names(seat) };
      return e;
    }));
    const control = document.createElement('p');
    control.className = 'clock-control note';
    box.append(control);
    state = { id: view.id, box, els, control };
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    state = null;
  }

  return { show, stop, format };
})();
