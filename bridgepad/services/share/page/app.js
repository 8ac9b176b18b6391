// The phone's view of the pad: drawn from state.json, redrawn from each event.
// Every word that comes from the data (names above all) is written with textContent,
// never as markup.
"use strict";

(function () {
  let version = -1;
  let picked = null; // the hand whose explanation is open; null: the last one
  let last = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function add(parent, child) {
    parent.appendChild(child);
    return child;
  }

  // A pair's label (N-S 1, E-W 2) is kept on one line: a narrow column breaks it nowhere,
  // not even after its hyphen ("E-" at a line's end, "W 2" at the next one's start).
  const LABEL = /([NE]-[SW] \d+)/;

  function cellRow(cells, cls, numeric) {
    const tr = el("tr", cls);
    cells.forEach(function (c, i) {
      const td = add(tr, el("td", numeric && numeric(i) ? "num" : ""));
      String(c === undefined || c === null ? "" : c).split(LABEL).forEach(function (part, n) {
        if (!part) return;
        if (n % 2) add(td, el("span", "label", part));
        else td.appendChild(document.createTextNode(part));
      });
    });
    return tr;
  }

  function ruleRow(cls) {
    const tr = el("tr", cls);
    add(tr, el("td"));
    add(tr, el("td"));
    return tr;
  }

  function drawPlay(s, root) {
    const card = add(root, el("section", "card play"));
    card.id = "play";
    if (s.over) {
      add(card, el("div", "headline", s.headline));
      if (s.play.next) add(card, el("div", "quiet", s.play.next));
      return;
    }
    add(card, el("div", "where", s.play.where));
    add(card, el("div", "dealer", s.play.dealer));
    const vul = add(card, el("div"));
    const badge = add(vul, el("span", "badge " + (s.play.vulnerable_sides.length ? "vul" : "safe"), s.play.vulnerable));
    badge.id = "vulnerable";
    if (s.play.need) add(card, el("div", "need", s.play.need)).id = "need";
  }

  function drawPad(s, root) {
    const pad = s.pad;
    const table = add(root, el("table", "pad"));
    table.id = "pad";
    const head = add(add(table, el("thead")), el("tr"));
    s.sides.forEach(function (side) {
      const th = add(head, el("th", "", side.heading));
      if (side.names) add(th, el("span", "names", side.names));
    });
    const body = add(table, el("tbody"));
    add(body, ruleRow("empty"));
    pad.above.forEach(function (row) {
      add(body, cellRow(row, "above", function () { return true; }));
    });
    add(body, ruleRow("line"));
    pad.below.forEach(function (block, k) {
      block.forEach(function (row) {
        add(body, cellRow(row, "below", function () { return true; }));
      });
      if (k < pad.closed) add(body, ruleRow("rule"));
      else add(body, ruleRow("empty"));
    });
    add(body, cellRow(pad.totals, "total", function () { return true; })).id = "totals";
    add(body, cellRow(["Games " + pad.games[0], "Games " + pad.games[1]], "games"));
  }

  function drawBoards(s, root) {
    const card = add(root, el("section", "card"));
    const b = s.boards;
    const lines = [b.header].concat(b.rows, [b.rule, b.total]);
    if (b.vp) lines.push(b.vp);
    if (b.field) lines.push(b.field);
    const pre = add(card, el("pre", "boards", lines.join("\n")));
    pre.id = "boards";
    add(card, el("div", "quiet", s.sides.map(function (x) { return x.heading + (x.names ? ": " + x.names : ""); }).join(" · ")));
  }

  function drawBonuses(s, root) {
    if (!s.bonuses || !s.bonuses.length) return;
    const card = add(root, el("section", "card bonuses"));
    s.bonuses.forEach(function (b) { add(card, el("div", "", b.text)); });
  }

  function drawHands(s, root) {
    add(root, el("h2", "", s.mode === "duplicate" ? "Boards" : "Hands"));
    if (!s.hands.length) {
      add(root, el("p", "quiet", s.mode === "duplicate" ? "No board yet." : "No hand yet."));
      return;
    }
    const table = add(root, el("table", "hands"));
    table.id = "hands";
    const head = add(add(table, el("thead")), el("tr"));
    const n = s.hand_columns.length;
    s.hand_columns.forEach(function (c, i) { add(head, el("th", i >= n - 2 ? "num" : "", c)); });
    const body = add(table, el("tbody"));
    const open = picked === null || picked >= s.hands.length ? s.hands.length - 1 : picked;
    s.hands.forEach(function (h, i) {
      const tr = cellRow(h.cells, "hand" + (i === open ? " picked" : ""), function (k) { return k >= n - 2; });
      if (h.red) tr.children[2].classList.add("red");
      tr.addEventListener("click", function () {
        picked = i === open && picked !== null ? null : i;
        draw(last);
      });
      add(body, tr);
      if (i === open) {
        const ex = add(body, el("tr", "explain-row"));
        const td = add(ex, el("td", "explain"));
        td.colSpan = n;
        h.explain.forEach(function (line) { add(td, el("p", "", line)); });
      }
    });
    add(root, el("p", "note", "Tap a hand to see what it wrote."));
  }

  function drawTally(s, root) {
    const t = s.tally;
    if (!t) return;
    const card = add(root, el("section", "card tally"));
    card.id = "tally";
    add(card, el("h2", "", "Tonight"));
    if (t.players.length) {
      const table = add(card, el("table"));
      const head = add(add(table, el("thead")), el("tr"));
      const cols = ["Player", "Games", "Points"].concat(t.money ? ["Money"] : []);
      cols.forEach(function (c, i) { add(head, el("th", i ? "num" : "", c)); });
      const body = add(table, el("tbody"));
      t.players.forEach(function (p) {
        const cells = [p.name, p.games, p.points].concat(t.money ? [p.money] : []);
        add(body, cellRow(cells, "", function (i) { return i > 0; }));
      });
      const pays = add(card, el("ul", "pays"));
      pays.id = "payments";
      if (t.payments.length) t.payments.forEach(function (p) { add(pays, el("li", "", p)); });
      else if (t.settled) add(pays, el("li", "", t.settled));
    } else if (!t.duplicate.length) {
      add(card, el("p", "quiet", "No finished game tonight yet."));
    }
    if (t.duplicate.length) {
      const table = add(card, el("table"));
      const head = add(add(table, el("thead")), el("tr"));
      ["Player", "Sessions", "IMPs", "Matchpoints"].forEach(function (c, i) { add(head, el("th", i ? "num" : "", c)); });
      const body = add(table, el("tbody"));
      t.duplicate.forEach(function (d) {
        add(body, cellRow([d.name, d.sessions, d.imps, d.pct], "", function (i) { return i > 0; }));
      });
    }
    t.notes.forEach(function (line) { add(card, el("p", "note", line)); });
  }

  // A game of several tables: each table's progress, the ranking, the travellers.
  function table(parent, columns, rows, numericFrom, id) {
    const t = add(parent, el("table", "grid"));
    if (id) t.id = id;
    const head = add(add(t, el("thead")), el("tr"));
    columns.forEach(function (c, i) { add(head, el("th", i >= numericFrom ? "num" : "", c)); });
    const body = add(t, el("tbody"));
    rows.forEach(function (r) { add(body, cellRow(r, "", function (i) { return i >= numericFrom; })); });
    return t;
  }

  function drawSeveral(s, root) {
    const g = s.several;
    const head = add(root, el("section", "card"));
    head.id = "session";
    add(head, el("div", "headline", g.title));
    add(head, el("div", "quiet", g.results)).id = "results-in";
    const tables = add(root, el("section", "card"));
    tables.id = "tables";
    add(tables, el("h2", "", "Tables"));
    g.tables.forEach(function (t) {
      const row = add(tables, el("div", "table-row " + t.state));
      row.id = "table-" + t.table;
      add(row, el("span", "tname", "Table " + t.table));
      add(row, el("span", "where", t.where));
      if (t.in) add(row, el("span", "in", t.in));
      if (t.state === "done") add(row, el("span", "in", "round over"));
    });
    const ranking = add(root, el("section", "card"));
    ranking.id = "ranking";
    add(ranking, el("h2", "", "Ranking"));
    g.ranking.forEach(function (r) {
      add(ranking, el("div", "sub", r.title));
      table(ranking, r.columns, r.rows, 3);
    });
    const travellers = add(root, el("section", "travellers"));
    travellers.id = "travellers";
    add(travellers, el("h2", "", "Travellers"));
    if (!g.travellers.length) add(travellers, el("p", "quiet", "No result yet."));
    g.travellers.forEach(function (t) {
      const card = add(travellers, el("div", "card traveller"));
      card.id = "traveller-" + t.board;
      const top = add(card, el("div", "sub"));
      add(top, el("span", "", t.head));
      add(top, el("span", "quiet", " · " + t.in));
      table(card, t.columns, t.rows, 5);
    });
    if (g.waiting.length) add(travellers, el("p", "quiet", "Not played yet: boards " + g.waiting.join(", ") + "."));
    if (g.changes.length) {
      const card = add(root, el("section", "card"));
      card.id = "changes";
      add(card, el("h2", "", "Changes"));
      g.changes.forEach(function (line) { add(card, el("p", "note", line)); });
    }
  }

  function draw(s) {
    if (!s) return;
    last = s;
    document.getElementById("title").textContent = s.title;
    document.title = s.title + " · bridgepad";
    const root = el("main");
    root.id = "view";
    root.dataset.version = String(version);
    if (s.several) {
      drawSeveral(s, root);
      drawTally(s, root);
      document.getElementById("view").replaceWith(root);
      return;
    }
    drawPlay(s, root);
    if (s.mode === "duplicate") drawBoards(s, root);
    else drawPad(s, root);
    drawBonuses(s, root);
    if (!s.over) add(root, el("p", "headline", s.headline)).id = "headline";
    drawHands(s, root);
    drawTally(s, root);
    document.getElementById("view").replaceWith(root);
  }

  function take(payload) {
    if (payload.version <= version) return;
    version = payload.version;
    draw(payload.state);
  }

  // "live" only while the laptop's stream is open and the phone online: a phone gone
  // offline keeps the stream open for a while.
  let streaming = false;

  function live(on) {
    if (on !== undefined) streaming = on;
    const online = navigator.onLine !== false;
    const up = streaming && online;
    const e = document.getElementById("live");
    e.className = "live " + (up ? "on" : "off");
    e.textContent = up ? "live" : online ? "reconnecting…" : "offline";
  }

  window.addEventListener("offline", function () { live(); });
  window.addEventListener("online", function () { live(); fetchState(); });

  function fetchState() {
    return fetch("state.json", { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (p) { if (p) take(p); })
      .catch(function () { live(false); });
  }

  function follow() {
    const events = new EventSource("events");
    events.addEventListener("open", function () {
      live(true);
      fetchState(); // what changed while the stream was closed
    });
    events.addEventListener("state", function (e) { take(JSON.parse(e.data)); });
    events.addEventListener("error", function () { live(false); });
  }

  fetchState();
  follow();
})();
