// goatherd table page: plain JS, no build step. Talks to /api (REST) and /api/tables/{id}/live (WebSocket).
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const PHASES = { setup: "setup", part1: "Part 1", intermission: "Intermission", dreck: "Dreck", part2: "Part 2", over: "Game over" };
const phaseName = (p) => PHASES[p] || (p ? p.replaceAll("_", " ") : "–");

const S = {
  table: null, state: null, tally: null, rulings: new Map(), withdrawn: new Set(),
  seat: null, seatChosen: false, picked: [], code: "", ws: null, wsDelay: 500, rules: {},
  bannerTimer: null, games: [], gameInfo: null,
};

async function loadGames() {
  if (!S.games.length) S.games = (await api("GET", "/api/games")).games;
  return S.games;
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function cardEl(card, opts = {}) {
  if (card === "??") return el("span", { class: "c back", text: "🂠", title: "a card the camera could not read" });
  const suit = card.slice(-1), rank = card.slice(0, -1);
  const red = suit === "H" || suit === "D";
  const e = el(opts.button ? "button" : "span",
    { class: "c" + (red ? " red" : "") + (opts.cls ? " " + opts.cls : ""), "data-card": card, type: opts.button ? "button" : null,
      title: card, "aria-pressed": opts.button ? String(S.picked.includes(card)) : null },
    rank + (SUITS[suit] || suit));
  if (opts.button) e.addEventListener("click", () => togglePick(card));
  return e;
}

function headers(write) {
  const h = { "Content-Type": "application/json" };
  if (write) h["X-Goatherd-Origin"] = "page";
  if (write && S.code) h["X-Join-Code"] = S.code;
  return h;
}

async function api(method, path, body) {
  const r = await fetch(path, { method, headers: headers(method !== "GET"), body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) {
    const msg = (data && data.detail) || `${r.status} ${r.statusText}`;
    const err = new Error(msg); err.status = r.status; throw err;
  }
  return data;
}

// ---------------------------------------------------------------- home
async function showHome() {
  $("home").hidden = false;
  // at once, before the lists load: a quick click must not submit the bare form
  $("create-form").addEventListener("submit", createTable);
  const list = $("table-list");
  try {
    const tables = await api("GET", "/api/tables");
    list.replaceChildren();
    if (!tables.length) list.append(el("li", { class: "muted", text: "No tables yet." }));
    for (const t of tables.slice().reverse()) {
      const s = t.summary || {};
      list.append(el("li", {}, el("a", { href: `/t/${t.id}`, text: t.name || t.id }),
        el("span", { class: "muted", text: ` — ${t.game} · ${t.players.join(", ")} · ${phaseName(s.phase)}` })));
    }
  } catch (e) { list.replaceChildren(el("li", { class: "error", text: e.message })); }
  try {
    const games = await loadGames();
    const select = $("f-game");
    select.replaceChildren(...games.map((g) => el("option", { value: g.name, text: g.name })));
    select.value = games.some((g) => g.name === "skitgubbe") ? "skitgubbe" : games[0].name;
    const showVariants = () => {
      const game = games.find((x) => x.name === select.value);
      const box = $("f-variants"); box.replaceChildren();
      for (const v of game.variants) box.append(el("label", { class: "inline" }, el("input", { type: "checkbox", value: v }), " " + v.replaceAll("_", " ")));
      $("f-teach").hidden = game.name !== "skitgubbe";
    };
    select.onchange = showVariants;
    showVariants();
  } catch (e) { /* the form still works without variants */ }
}

async function createTable(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const players = $("f-players").value.split(",").map((p) => p.trim()).filter(Boolean);
  const body = {
    name: $("f-name").value.trim(), game: $("f-game").value, players,
    mode: document.querySelector("input[name=mode]:checked").value,
    variants: [...document.querySelectorAll("#f-variants input:checked")].map((i) => i.value),
  };
  if ($("f-part2").checked && !$("f-teach").hidden) {
    body.part = 2; body.trump = $("f-trump").value; body.leader = parseInt($("f-leader").value || "0", 10);
    const lines = $("f-hands").value.split("\n").map((l) => l.trim()).filter(Boolean);
    if (lines.length) body.hands = lines.map((l) => l.split(/[\s,]+/).filter(Boolean));
    else body.hand_sizes = players.map(() => 0);
  }
  try {
    const t = await api("POST", "/api/tables", body);
    if (t.join_code) localStorage.setItem("goatherd.code." + t.id, t.join_code);
    location.href = `/t/${t.id}`;
  } catch (e) { $("create-error").textContent = e.message; }
}

// ---------------------------------------------------------------- table
async function showTable(id) {
  $("tableview").hidden = false;
  const params = new URLSearchParams(location.search);
  if (params.get("code")) {
    localStorage.setItem("goatherd.code." + id, params.get("code").toUpperCase());
    history.replaceState(null, "", `/t/${id}`);
  }
  S.code = localStorage.getItem("goatherd.code." + id) || "";
  try {
    await loadTable(id);
  } catch (e) {
    $("tableview").replaceChildren(el("section", { class: "card" }, el("p", { class: "error", text: e.message }), el("a", { href: "/", text: "All tables" })));
    return;
  }
  try { S.rules = (await api("GET", `/api/rules/${S.table.game}`)).rules; } catch (e) { S.rules = {}; }
  try { S.gameInfo = (await loadGames()).find((g) => g.name === S.table.game) || null; } catch (e) { S.gameInfo = null; }
  wireEntry();
  connect();
}

async function loadTable(id) {
  const q = S.code ? `?code=${encodeURIComponent(S.code)}` : "";
  S.table = await api("GET", `/api/tables/${id}${q}`);
  $("table-name").textContent = S.table.name;
  document.title = `${S.table.name} · goatherd`;
  $("export").href = `/api/tables/${id}/log?download=true`;
  renderJoin();
  renderCamera();
}

function renderJoin() {
  const t = S.table;
  $("join-writable").hidden = !t.writable;
  $("join-form").hidden = t.writable;
  $("readonly-note").hidden = t.writable;
  $("entry").classList.toggle("readonly", !t.writable);
  if (t.writable) {
    $("join-code").textContent = t.join_code;
    $("join-qr").src = `/api/tables/${t.id}/qr.svg?code=${encodeURIComponent(t.join_code)}`;
  }
  $("join-form").onsubmit = async (ev) => {
    ev.preventDefault();
    S.code = $("join-input").value.trim().toUpperCase();
    localStorage.setItem("goatherd.code." + t.id, S.code);
    await loadTable(t.id);
    if (!S.table.writable) $("entry-error").textContent = "That code does not open this table.";
  };
}

function renderCamera() {
  const c = S.table.camera || {};
  const video = $("camera-video");
  clearInterval(S.questionTimer);
  if (c.attached) {
    $("camera-status").textContent = `Camera: ${c.source}. Tap the video at each seat, clockwise from seat 0, to mark the seats.`;
    video.src = `/api/tables/${S.table.id}/camera/stream.mjpg`; video.hidden = false;
    S.seatPoints = [];
    video.onclick = (ev) => markSeat(ev, video);
    S.questionTimer = setInterval(loadQuestions, 2000);
    loadQuestions();
  } else {
    $("camera-status").textContent = c.available ? "No camera attached." : (c.reason || "No camera pipeline.");
    video.hidden = true;
  }
}

async function markSeat(ev, video) {
  const r = video.getBoundingClientRect();
  S.seatPoints.push([(ev.clientX - r.left) / r.width, (ev.clientY - r.top) / r.height]);
  const n = ((S.state && S.state.hand_sizes) || S.table.players).length;
  if (S.seatPoints.length >= n) {
    try { await api("POST", `/api/tables/${S.table.id}/camera/seats`, { points: S.seatPoints }); $("camera-status").textContent = "Seats marked."; }
    catch (e) { $("camera-status").textContent = e.message; }
    S.seatPoints = [];
  } else $("camera-status").textContent = `Seat ${S.seatPoints.length - 1} marked; now tap seat ${S.seatPoints.length}.`;
}

async function loadQuestions() {
  let qs = [];
  try { qs = await api("GET", `/api/tables/${S.table.id}/camera/questions`); } catch (e) { return; }
  const box = $("questions"); box.replaceChildren();
  for (const q of qs) {
    const answer = async (accept) => {
      try { const r = await api("POST", `/api/tables/${S.table.id}/camera/questions/${encodeURIComponent(q.id)}`, { accept }); if (r.ruling) addRuling(r.ruling, true); loadQuestions(); }
      catch (e) { $("entry-error").textContent = e.message; }
    };
    // (an event the camera logged all the same: a wrong one is undone, while it is the last)
    const [yes, no] = q.logged ? ["Right", "Wrong: undo it"] : ["Yes, that happened", "No"];
    box.append(el("div", { class: "question" }, el("p", { text: q.text || JSON.stringify(q.event) }),
      el("button", { type: "button", class: "primary", onclick: () => answer(true) }, yes),
      el("button", { type: "button", onclick: () => answer(false) }, no)));
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/tables/${S.table.id}/live`);
  S.ws = ws;
  ws.onopen = () => { $("conn").className = "conn on"; S.wsDelay = 500; };
  ws.onclose = () => {
    $("conn").className = "conn off";
    setTimeout(connect, S.wsDelay); S.wsDelay = Math.min(S.wsDelay * 2, 8000);
  };
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.kind === "hello") {
      S.rulings.clear(); S.withdrawn.clear();
      for (const r of msg.rulings) addRuling(r, false);
      S.state = msg.state; S.tally = msg.tally;
    } else if (msg.kind === "event") {
      addRuling(msg.ruling, true);
      S.state = msg.state;
      if (msg.tally) S.tally = msg.tally;
    } else if (msg.kind === "tally") {
      S.tally = msg.tally;
    }
    render();
  };
}

function addRuling(r, fresh) {
  const seen = S.rulings.has(r.seq);
  S.rulings.set(r.seq, r);
  for (const n of r.notes || []) if (n.kind === "undo") S.withdrawn.add(n.withdrawn);
  if (fresh && !seen) announce(r);
}

function ruleLink(rule) {
  if (!rule) return null;
  const info = S.rules[rule];
  return el("a", { class: "rule", href: `/rules/${S.table.game}#${rule}`, target: "_blank", title: info ? info.title : rule, text: rule });
}

function announce(r) {
  const b = $("banner");
  if (!r.ok) {
    b.className = "banner " + (r.severity === "illegal" ? "illegal" : "bad");
    b.replaceChildren(el("b", { text: r.severity === "illegal" ? "Illegal! " : "Not understood: " }), r.message + " ",
      ruleLink(r.rule) || "", el("div", { class: "small", text: "Take it back — the table is unchanged." }));
    b.hidden = false;
    clearTimeout(S.bannerTimer);
    S.bannerTimer = setTimeout(() => { b.hidden = true; }, 8000);
  } else if (r.severity === "ok" || r.severity === "info") {
    b.hidden = true;  // the table moved on
  } else if (r.severity === "warning") {
    b.className = "banner warning";
    b.replaceChildren(el("b", { text: "Note: " }), r.message + " ", ruleLink(r.rule) || "");
    b.hidden = false;
    clearTimeout(S.bannerTimer);
    S.bannerTimer = setTimeout(() => { b.hidden = true; }, 5000);
  }
}

function name(seat) {
  const p = (S.state && S.state.players) || S.table.players;
  if (seat === null || seat === undefined) return "–";
  const n = ((S.state && S.state.hand_sizes) || []).length;
  const who = p[seat % p.length] ?? `seat ${seat}`;
  return n > p.length ? `${who} (${seat < p.length ? "right" : "left"})` : who;  // three_player_muddle
}

// Games whose table has no trump suit, and the one that counts kills.
const NO_TRUMP_GAMES = new Set(["golf", "shithead"]);
const KILL_GAMES = new Set(["skitgubbe"]);

function render() {
  const st = S.state || {};
  $("trump-box").hidden = NO_TRUMP_GAMES.has(S.table.game);
  $("kills-box").hidden = !KILL_GAMES.has(S.table.game);
  $("turn").textContent = st.phase === "over" ? "—" : name(st.to_act ?? st.turn);
  $("trump").replaceChildren(st.trump ? el("span", { class: "c" + ("HD".includes(st.trump) ? " red" : ""), text: SUITS[st.trump] + " " + SUIT_NAMES[st.trump] }) : "not yet");
  $("phase").textContent = phaseName(st.phase);
  $("kills").textContent = st.kills ?? 0;
  const stock = st.phase === "part1" ? st.stock : (st.talon ?? (S.table.game === "skitgubbe" ? undefined : st.stock));
  $("stock-box").hidden = typeof stock !== "number";
  $("stock").textContent = stock ?? "–";
  const kc = $("kill-counter");
  if (st.phase === "part2" && typeof st.plays_to_kill === "number") {
    kc.hidden = false;
    kc.textContent = `${st.plays_to_kill} more play${st.plays_to_kill === 1 ? "" : "s"} to kill`;
  } else kc.hidden = true;
  renderTrick(st);
  renderGoat(st);
  renderSeats(st);
  renderHand(st);
  renderFeed();
  renderTally();
}

function renderTrick(st) {
  const box = $("trick"); box.replaceChildren();
  if (st.phase === "part2" && st.table) {
    if (!st.table.length) box.append(el("span", { class: "muted", text: `${name(st.turn)} leads.` }));
    st.table.forEach((play, i) => box.append(el("span", { class: "play" }, el("small", { text: `${i + 1}` }), ...play.map((c) => cardEl(c)))));
  } else if (st.phase === "part1" && st.trick) {
    for (const p of st.trick.cards) box.append(el("span", { class: "play" }, el("small", { text: name(p.seat) }), cardEl(p.card)));
    if (st.trick.winner !== null && st.trick.winner !== undefined) box.append(el("div", { class: "muted", text: `${name(st.trick.winner)} wins the trick and collects.` }));
  } else if (TABLE_VIEWS[S.table.game]) {
    TABLE_VIEWS[S.table.game](st, box);
  }
}

const lastCards = (cards, n) => (cards || []).slice(-n).map((c) => cardEl(c));

// What lies on the table, per game (the referee's view keys differ by game).
const TABLE_VIEWS = {
  durak(st, box) {  // each attack card with the card that covers it
    if (!(st.table || []).length && st.phase !== "over") box.append(el("span", { class: "muted", text: `${name(st.attacker)} attacks.` }));
    for (const [attack, cover] of st.table || []) {
      // an uncovered attack card is a button: tap it to say which card a defence beats
      box.append(el("span", { class: "play" }, cardEl(attack, { button: !cover, cls: S.picked.includes(attack) ? "picked" : "" }),
        cover ? cardEl(cover, { cls: "cover" }) : el("small", { text: " to beat" })));
    }
  },
  penki(st, box) {
    box.append(el("span", { class: "play" }, el("small", { text: `stack (${(st.stack || []).length})` }), ...lastCards(st.stack, 4)));
  },
  shithead(st, box) {
    box.append(el("span", { class: "play" }, el("small", { text: `pile (${(st.pile || []).length})` }), ...lastCards(st.pile, 4)));
  },
  golf(st, box) {
    box.append(el("span", { class: "play" }, el("small", { text: "discard" }), ...lastCards(st.discard_pile, 1)));
    for (const [seat, grid] of Object.entries(st.grids || {})) {
      const cols = st.columns || 3;
      const g = el("span", { class: "play grid", style: `--cols:${cols}` }, el("small", { text: name(Number(seat)) }));
      grid.cards.forEach((c) => g.append(c === "??" ? el("span", { class: "c back", text: "🂠" }) : cardEl(c)));
      box.append(g);
    }
    const sheet = st.sheet;
    if (sheet && sheet.players) {
      const t = el("table", { class: "tally sheet" }, el("tr", {}, el("th", { text: "Round" }), ...sheet.players.map((p) => el("th", { text: p }))));
      (sheet.rounds || []).forEach((r, i) => t.append(el("tr", {}, el("td", { text: String(i + 1) }),
        ...sheet.players.map((p, seat) => el("td", { text: String(r[seat] ?? "") })))));
      t.append(el("tr", { class: "total" }, el("td", { text: "Total" }), ...sheet.players.map((p, seat) => el("td", { text: String((sheet.totals || [])[seat] ?? 0) }))));
      box.append(t);
      if (sheet.match_over) box.append(el("div", { class: "muted", text: `Match over: ${(sheet.winners || []).join(" & ")} won.` }));
    }
  },
};
TABLE_VIEWS.zalupa = TABLE_VIEWS.govno = TABLE_VIEWS.durak;

function renderGoat(st) {
  const g = $("goat-banner");
  const title = lossWord();
  if (st.phase === "over" && st.goat !== null && st.goat !== undefined) {
    if (title === "goat") g.replaceChildren(el("div", { class: "baah", text: "Baah!" }), el("div", { text: `${name(st.goat)} is the goat 🐐` }));
    else g.replaceChildren(el("div", { text: `${name(st.goat)} is the ${title}` }));
    g.hidden = false;
  } else g.hidden = true;
}

function renderSeats(st) {
  const ol = $("seats"); ol.replaceChildren();
  const sizes = st.hand_sizes || [];
  const toAct = st.to_act ?? st.turn;
  sizes.forEach((n, seat) => {
    const out = (st.out || []).includes(seat), goat = st.goat === seat;
    ol.append(el("li", { class: "seat" + (seat === toAct && st.phase !== "over" ? " active" : "") + (out ? " out" : "") + (goat ? " goatseat" : ""), "data-seat": seat },
      el("span", { class: "sname", text: name(seat) }),
      el("span", { class: "ssize", text: `${n} card${n === 1 ? "" : "s"}` }),
      (st.tricks_won && st.phase === "part1") ? el("span", { class: "muted", text: ` · ${st.tricks_won[seat]} tricks` }) : null,
      out ? el("span", { class: "tag", text: "out" }) : null,
      goat ? el("span", { class: "tag goat", text: lossWord() }) : null));
  });
  // seat picker for manual entry: follows the turn until someone picks a seat
  if (!S.seatChosen || S.seat === null || S.seat >= sizes.length) S.seat = toAct ?? 0;
  const pick = $("seat-pick"); pick.replaceChildren();
  sizes.forEach((n, seat) => pick.append(el("button", {
    type: "button", class: "seatbtn" + (seat === S.seat ? " sel" : ""), "data-seat": seat, "aria-pressed": String(seat === S.seat),
    onclick: () => { S.seat = seat; S.seatChosen = true; S.picked = []; render(); },
  }, name(seat))));
}

function renderHand(st) {
  const box = $("hand-cards"); box.replaceChildren();
  const hand = st.hands && st.hands[String(S.seat)];
  const known = hand ? hand.known : [];
  if (known.length) {
    box.append(el("span", { class: "muted small", text: `${name(S.seat)}'s known cards: ` }));
    for (const c of known) box.append(cardEl(c, { button: true, cls: S.picked.includes(c) ? "picked" : "" }));
  } else if (hand && hand.size === 0) {
    box.append(el("span", { class: "muted small", text: `${name(S.seat)} has no cards.` }));
  } else if (hand) {
    box.append(el("span", { class: "muted small", text: `${name(S.seat)}'s hand is hidden (${hand.size} cards): pick from all cards.` }));
  }
  $("deck-box").open = $("deck-box").open || !known.length;
  const deck = $("deck"); deck.replaceChildren();
  for (const s of ["S", "H", "D", "C"]) {
    const row = el("div", { class: "suitrow" });
    for (const r of RANKS) { const c = r + s; row.append(cardEl(c, { button: true, cls: S.picked.includes(c) ? "picked" : "" })); }
    deck.append(row);
  }
  $("picked").replaceChildren(...(S.picked.length ? S.picked.map((c) => cardEl(c)) : ["none"]));
}

function togglePick(card) {
  const i = S.picked.indexOf(card);
  if (i >= 0) S.picked.splice(i, 1); else S.picked.push(card);
  renderHand(S.state || {});
  renderTrick(S.state || {});
}

function renderFeed() {
  const ol = $("feed"); ol.replaceChildren();
  const seqs = [...S.rulings.keys()].sort((a, b) => b - a).slice(0, 200);
  for (const seq of seqs) {
    const r = S.rulings.get(seq);
    const info = r.rule && S.rules[r.rule];
    const li = el("li", { class: `r ${r.severity}` + (S.withdrawn.has(seq) ? " withdrawn" : ""), "data-seq": seq, value: seq },
      el("span", { class: "sev", text: r.severity }), " ", el("span", { class: "msg", text: r.message }), " ", ruleLink(r.rule));
    if (info && (!r.ok || r.severity === "warning")) li.append(el("details", { class: "ruletext" }, el("summary", { text: info.title }), info.text));
    ol.append(li);
  }
}

function lossWord() {
  return (S.gameInfo && S.gameInfo.loser_title) || "goat";
}

function renderTally() {
  const tb = $("tally"); tb.replaceChildren();
  const t = (S.tally && S.tally.tally) || {};
  const word = lossWord();
  $("tally-title").textContent = word === "goat" ? "Goat tally" : "Tally";
  $("losses-head").textContent = word.charAt(0).toUpperCase() + word.slice(1) + "s";
  const scoring = Object.values(t).some((v) => v.points);  // Golf scores, Zalupa trumps lost
  for (const c of document.querySelectorAll(".tally .points")) c.hidden = !scoring;
  const rows = Object.entries(t).sort((a, b) => b[1].losses - a[1].losses || a[0].localeCompare(b[0]));
  for (const [player, v] of rows) {
    tb.append(el("tr", { "data-player": player }, el("td", { text: player }), el("td", { text: v.games }),
      el("td", { class: "goats" + (v.losses ? " some" : ""), text: String(v.losses) }),
      el("td", { text: v.streak ? `${v.streak} in a row` : "–" }),
      el("td", { class: "points", hidden: !scoring, text: String(v.points ?? 0) })));
  }
}

// ---------------------------------------------------------------- manual entry
async function send(event) {
  $("entry-error").textContent = "";
  try {
    const r = await api("POST", `/api/tables/${S.table.id}/events`, event);
    S.picked = [];
    S.seatChosen = false;
    addRuling(r, true);  // the live socket brings the new state; show the ruling at once
    render();
    return r;
  } catch (e) { $("entry-error").textContent = e.message; return null; }
}

// An action comes from the game (GET /api/games -> entry_actions): the event to send and
// where each field comes from: "seat" (the picked seat), "picked" (all picked cards),
// "picked?" (picked cards, left out when none), "picked0"/"picked1" (one picked card),
// "ask:Question" (typed in; a number when it looks like one).
function buildEvent(action) {
  const ev = Object.assign({}, action.event);
  const picked = S.picked.slice();
  const [least, most] = action.cards || [0, 99];
  if (picked.length < least || picked.length > most) {
    $("entry-error").textContent = least === most ? `Pick exactly ${least} card${least === 1 ? "" : "s"} first.` : `Pick ${least} or more cards first.`;
    return null;
  }
  for (const [field, src] of Object.entries(action.fields || {})) {
    if (src === "seat") ev[field] = S.seat;
    else if (src === "picked") ev[field] = picked;
    else if (src === "picked?") { if (picked.length) ev[field] = picked; }
    else if (src === "picked0" || src === "picked1") ev[field] = picked[Number(src.slice(-1))];
    else if (src.startsWith("ask:")) {
      const answer = prompt(src.slice(4));
      if (answer === null) return null;
      ev[field] = /^-?\d+$/.test(answer.trim()) ? parseInt(answer, 10) : answer.trim();
    }
  }
  return ev;
}

function renderActions() {
  const actions = (S.gameInfo && S.gameInfo.entry_actions) || [];
  const main = $("actions"), calls = $("calls");
  main.replaceChildren(); calls.replaceChildren();
  for (const a of actions) {
    const isCall = a.event.type === "announce";
    const b = el("button", { type: "button", class: a.primary ? "primary" : null, "data-act": a.id || a.event.type,
      "data-call": isCall ? a.event.call : null, title: a.help || null }, a.label);
    b.addEventListener("click", () => { const ev = buildEvent(a); if (ev) send(ev); });
    (isCall ? calls : main).append(b);
  }
  $("raw-box").open = !actions.length;
}

function wireEntry() {
  $("clear-pick").onclick = () => { S.picked = []; renderHand(S.state || {}); };
  renderActions();
  $("raw-send").onclick = () => {
    let ev;
    try { ev = JSON.parse($("raw-event").value); } catch (e) { $("entry-error").textContent = "Not JSON: " + e.message; return; }
    send(ev);
  };
  $("undo").onclick = async () => {
    $("entry-error").textContent = "";
    try { const r = await api("POST", `/api/tables/${S.table.id}/undo`); S.seatChosen = false; addRuling(r, true); render(); }
    catch (e) { $("entry-error").textContent = e.message; }
  };
  $("new-game").onclick = () => {
    const st = S.state || {};
    if (st.phase !== "over" && !confirm("The current game is not finished. Abandon it and start a new one?")) return;
    const ev = { type: "start", game: S.table.game, players: (st.players || S.table.players), mode: S.table.mode };
    const v = S.table.variants; if (v && (Array.isArray(v) ? v.length : Object.keys(v).length)) ev.variants = v;
    send(ev);
  };
}

// ---------------------------------------------------------------- boot
const m = location.pathname.match(/^\/t\/([^/]+)/);
if (m) showTable(decodeURIComponent(m[1])); else showHome();
