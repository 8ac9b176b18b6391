// A table's phone: this table's round and boards from state.json, redrawn from each event;
// a board entered (contract, declarer, tricks), scored by the laptop, agreed by the other
// side, then sent with an id made here, so that a retry after a lost reply records it once.
// Every word that comes from the data (names above all) is written with textContent,
// never as markup.
"use strict";

(function () {
  let version = -1;
  let last = null; // the table's state, as the laptop last sent it
  // What the phone is doing: the boards ("list"), a board's entry ("entry"), the other
  // side's agreement ("agree"), sending ("sending"), or the board in already ("replace").
  let ui = { mode: "list", board: null, values: null, errors: {}, checked: null, id: null, replace: false, flash: null };
  let gone = false; // the link no longer works (another game on the pad, or the laptop started again)

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

  function button(text, cls, id, onClick) {
    const b = el("button", cls, text);
    b.type = "button";
    if (id) b.id = id;
    b.addEventListener("click", onClick);
    return b;
  }

  function newId() {
    // crypto.randomUUID needs a secure context, which a page on the local network is not.
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
  }

  function boardOf(n) {
    if (!last) return null;
    return last.boards.find(function (b) { return b.board === n; }) || null;
  }

  function setMode(mode, more) {
    ui = Object.assign({}, ui, { mode: mode }, more || {});
    draw();
  }

  // The views -----------------------------------------------------------------------
  function drawHead(s, root) {
    const card = add(root, el("section", "card"));
    card.id = "where";
    add(card, el("div", "round", s.heading)).id = "round";
    add(card, el("div", "game", s.game));
    if (s.pairs.length) {
      const list = add(card, el("ul", "pairs"));
      list.id = "pairs";
      s.pairs.forEach(function (p) {
        const li = add(list, el("li"));
        add(li, el("span", "dir", p.direction));
        add(li, el("span", "who", p.label));
        if (p.names) add(li, el("span", "", " · " + p.names));
        if (p.team) add(li, el("span", "team", " · " + p.team));
      });
    }
    if (s.sits_out) add(card, el("p", "", s.sits_out)).id = "sitout";
  }

  function drawFlash(root) {
    if (!ui.flash) return;
    const card = add(root, el("section", "card flash" + (ui.flash.bad ? " bad" : ""), ui.flash.text));
    card.id = "flash";
  }

  function drawBoards(s, root) {
    if (!s.boards.length) return;
    const card = add(root, el("section", "card"));
    card.id = "boards";
    s.boards.forEach(function (b) {
      const row = add(card, el("div", "board" + (b.result ? " in" : "")));
      row.id = "board-" + b.board;
      const what = add(row, el("div", "what"));
      add(what, el("div", "num", "Board " + b.board));
      add(what, el("div", "facts", "Dealer " + b.dealer + " · " + b.vulnerable));
      if (b.result) {
        const got = add(what, el("div", "entered"));
        add(got, el("span", "", b.result.text + " · "));
        add(got, el("span", "score", b.result.score));
        add(row, button("Correct", "", "correct-" + b.board, function () { startEntry(b.board, true); }));
      } else if (b.waiting) {
        // The board is still being entered at the table that had it before: it comes here after.
        add(what, el("div", "waiting", b.waiting)).id = "waiting-" + b.board;
      } else {
        add(row, button("Enter", "go", "enter-" + b.board, function () { startEntry(b.board, false); }));
      }
    });
    if (s.to_enter) add(card, el("p", "quiet", "Still to enter: " + s.to_enter + ".")).id = "to-enter";
  }

  function drawNext(s, root) {
    if (!s.move) return;
    const card = add(root, el("section", "card"));
    card.id = "next";
    add(card, el("h2", "", s.boards.length ? "Every board is in" : "This round"));
    const list = add(card, el("ul", "next"));
    s.next.forEach(function (line) { add(list, el("li", "", line)); });
    if (s.boards.length) add(card, el("p", "quiet", "A board can still be corrected until the next round starts."));
    const row = add(card, el("div", "buttons"));
    add(row, button(s.move.label, "go", "move", moveOn));
  }

  function drawFinished(s, root) {
    if (!s.finished) return;
    const card = add(root, el("section", "card"));
    card.id = "finished";
    add(card, el("p", "", "This table has played all its rounds. Thank you: the director can still change a result."));
  }

  function drawEarlier(s, root) {
    if (s.played.length) {
      const d = add(root, el("details"));
      d.id = "played";
      add(d, el("summary", "", "Earlier rounds at this table"));
      s.played.forEach(function (r) {
        add(d, el("div", "line", r.line));
        r.boards.forEach(function (b) {
          const text = b.result ? b.result.text + " · " + b.result.score : "no result";
          add(d, el("div", "line quiet", "Board " + b.board + ": " + text));
        });
      });
    }
    const card = add(root, el("details"));
    add(card, el("summary", "", "This table's guide card"));
    s.card.forEach(function (line) { add(card, el("div", "line", line)); });
  }

  // A field's hint is said once, under it, where it stays while the field is typed in (a
  // placeholder said it again inside the field, and went as soon as typing began).
  function fieldHint(name) {
    const error = ui.errors[name];
    const hint = el("div", "hint" + (error ? " error" : ""), error || last.fields[name].hint);
    hint.id = name + "-error";
    return hint;
  }

  function drawEntry(s, root) {
    const b = boardOf(ui.board);
    const card = add(root, el("section", "card"));
    card.id = "entry";
    add(card, el("h2", "", "Board " + ui.board));
    if (b) add(card, el("div", "facts quiet", "Dealer " + b.dealer + " · " + b.vulnerable));
    if (ui.replace && b && b.result) {
      add(card, el("p", "quiet", "In now: " + b.result.text + ", " + b.result.score + ". What you enter replaces it once both sides agree."));
    }
    const v = ui.values;
    const contractLabel = add(card, el("label", "field", last.fields.contract.label));
    contractLabel.htmlFor = "contract";
    const contract = add(card, el("input", "field"));
    contract.id = "contract";
    contract.value = v.contract;
    contract.autocomplete = "off";
    contract.setAttribute("autocapitalize", "characters");
    contract.spellcheck = false;
    contract.addEventListener("input", function () { v.contract = contract.value; });
    add(card, fieldHint("contract"));

    const seatLabel = add(card, el("label", "field", last.fields.declarer.label));
    seatLabel.id = "declarer-label";
    const seats = add(card, el("div", "seats"));
    seats.setAttribute("role", "group");
    seats.setAttribute("aria-labelledby", "declarer-label");
    ["N", "E", "S", "W"].forEach(function (seat) {
      const pick = button(seat, v.declarer === seat ? "picked" : "", "declarer-" + seat, function () {
        v.declarer = seat;
        Array.from(seats.children).forEach(function (c) { c.classList.toggle("picked", c === pick); });
      });
      pick.setAttribute("aria-pressed", v.declarer === seat ? "true" : "false");
      add(seats, pick);
    });
    add(card, fieldHint("declarer"));

    const tricksLabel = add(card, el("label", "field", last.fields.tricks.label));
    tricksLabel.htmlFor = "tricks";
    const tricks = add(card, el("input", "field"));
    tricks.id = "tricks";
    tricks.value = v.tricks;
    tricks.autocomplete = "off";
    tricks.setAttribute("inputmode", "numeric");
    tricks.addEventListener("input", function () { v.tricks = tricks.value; });
    add(card, fieldHint("tricks"));

    if (ui.errors.other) add(card, el("p", "error", ui.errors.other)).id = "entry-error";
    const row = add(card, el("div", "buttons"));
    add(row, button("Back", "", "back", function () { setMode("list", { errors: {}, flash: null }); }));
    add(row, button("Score it", "go", "check", check));
  }

  function drawAgree(s, root) {
    const c = ui.checked;
    const card = add(root, el("section", "card agreeing"));
    card.id = "agree-card";
    add(card, el("h2", "", "Board " + ui.board));
    const b = boardOf(ui.board);
    if (b) add(card, el("div", "facts quiet", "Dealer " + b.dealer + " · " + b.vulnerable));
    add(card, el("div", "contract", c.text)).id = "agree-text";
    add(card, el("div", "score", c.score)).id = "score";
    if (c.earlier && !ui.replace) {
      add(card, el("p", "", "Board " + ui.board + " is in already: " + c.earlier.text + ", " + c.earlier.score + "."));
    }
    const ew = last.pairs.find(function (p) { return p.side === "EW"; });
    const who = ew ? ew.direction + " (" + ew.label + (ew.names ? ", " + ew.names : "") + ")" : "East-West";
    add(card, el("p", "ask", who + ": is this the board's result? Agree, and it counts.")).id = "ask";
    if (ui.mode === "sending") add(card, el("p", "quiet", ui.sendingText || "Saving…")).id = "sending";
    if (ui.errors.other) add(card, el("p", "error", ui.errors.other)).id = "agree-error";
    const row = add(card, el("div", "buttons"));
    const change = add(row, button("Change", "", "change", function () { setMode("entry", { errors: {} }); }));
    const agree = add(row, button(ui.errors.other ? "Send again" : "E-W agree", "go", "agree", function () { send(false); }));
    if (ui.mode === "sending") { change.disabled = true; agree.disabled = true; }
  }

  function drawReplace(s, root) {
    const card = add(root, el("section", "card agreeing"));
    card.id = "replace-card";
    add(card, el("h2", "", "Board " + ui.board + " is in already"));
    add(card, el("p", "", ui.earlierSentence)).id = "replace-text";
    add(card, el("p", "ask", "Replace it with " + ui.checked.text + ", " + ui.checked.score + "?"));
    const row = add(card, el("div", "buttons"));
    add(row, button("Keep the first", "", "keep", function () { setMode("list", { errors: {}, flash: null }); }));
    add(row, button("Replace it", "go", "replace", function () { send(true); }));
  }

  function drawGone(root) {
    const card = add(root, el("section", "card flash bad"));
    card.id = "gone";
    add(card, el("p", "", gone));
  }

  function draw() {
    const s = last;
    if (!s) return;
    document.getElementById("title").textContent = s.title;
    document.title = s.title + " · bridgepad";
    const root = el("main");
    root.id = "view";
    root.dataset.version = String(version);
    root.dataset.mode = ui.mode;
    if (gone) drawGone(root);
    if (ui.mode === "entry") drawEntry(s, root);
    else if (ui.mode === "agree" || ui.mode === "sending") drawAgree(s, root);
    else if (ui.mode === "replace") drawReplace(s, root);
    else {
      drawHead(s, root);
      drawFlash(root);
      drawBoards(s, root);
      drawNext(s, root);
      drawFinished(s, root);
      drawEarlier(s, root);
    }
    document.getElementById("view").replaceWith(root);
  }

  // What the phone does ---------------------------------------------------------------
  function startEntry(board, replace) {
    const b = boardOf(board);
    const values = b && b.result && replace ? Object.assign({}, b.result.fields) : { contract: "", declarer: "", tricks: "" };
    setMode("entry", { board: board, values: values, errors: {}, checked: null, id: null, replace: replace, flash: null });
    const first = document.getElementById("contract");
    if (first) first.focus();
  }

  function body(withId) {
    const v = ui.values;
    const out = { board: ui.board, contract: v.contract.trim() };
    if (v.declarer) out.declarer = v.declarer;
    const t = v.tricks.trim();
    if (t !== "") out.tricks = /^\d+$/.test(t) ? Number(t) : t;
    if (withId) out.id = ui.id;
    return out;
  }

  function post(path, payload) {
    return fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      cache: "no-store",
    }).then(function (r) {
      answering(true);
      return r.json().then(function (j) { return { status: r.status, body: j }; }, function () { return { status: r.status, body: {} }; });
    }, function (e) {
      answering(false); // no answer at all: the badge says so beside "sending again"
      throw e;
    });
  }

  function lostLink(status) {
    if (status === 404 || status === 410) {
      gone = "This link no longer works (the laptop started sharing again, or another game is on the pad): open this table's new link from the laptop.";
      return true;
    }
    return false;
  }

  function check() {
    if (ui.values.contract.trim().toLowerCase() === "pass") { ui.values.declarer = ""; ui.values.tricks = ""; }
    post("check", body(false)).then(function (r) {
      if (r.status === 200) {
        // The id is made once the result is scored: the same result sent again keeps it.
        setMode("agree", { checked: r.body, id: newId(), errors: {} });
        return;
      }
      if (lostLink(r.status)) { draw(); return; }
      const errors = r.body.errors || {};
      if (!r.body.errors && r.body.field) errors[r.body.field] = r.body.error;
      if (!Object.keys(errors).length) errors.other = r.body.error || "The laptop refused it.";
      setMode("entry", { errors: errors });
    }, function () {
      setMode("entry", { errors: { other: "The laptop did not answer: check the phone is on its network, then try again." } });
    });
  }

  const WAITS = [1000, 2000, 4000]; // a lost reply is sent again, with the same id

  function send(replace) {
    if (replace) ui.replace = true;
    const payload = body(true);
    if (ui.replace) payload.replace = true;
    let tries = 0;
    setMode("sending", { errors: {}, sendingText: "Saving…" });
    function attempt() {
      post("results", payload).then(function (r) {
        // 503: the laptop could not save it, and recorded nothing: sent again, as it says.
        if (r.status === 503 && tries < WAITS.length) {
          setMode("sending", { sendingText: "The laptop could not save it yet: sending again…" });
          setTimeout(attempt, WAITS[tries++]);
          return;
        }
        answered(r);
      }, function () {
        if (tries < WAITS.length) {
          setMode("sending", { sendingText: "No answer yet: sending again…" });
          setTimeout(attempt, WAITS[tries++]);
        } else {
          setMode("agree", { errors: { other: "Not saved yet: the laptop did not answer. Send it again: it is recorded once, however often it is sent." } });
        }
      });
    }
    attempt();
  }

  function answered(r) {
    const b = r.body;
    if (r.status === 200 || r.status === 201) {
      const done = "Board " + b.result.board + " saved: " + b.result.text + ", " + b.result.score + ".";
      setMode("list", { flash: { text: done }, errors: {}, checked: null, id: null, replace: false });
      fetchState();
      return;
    }
    if (r.status === 409 && b.earlier) {
      setMode("replace", { earlierSentence: "In now: " + b.earlier.text + ", " + b.earlier.score + ".", errors: {} });
      return;
    }
    if (lostLink(r.status)) { setMode("agree", { errors: { other: gone } }); return; }
    if (r.status >= 500) {
      setMode("agree", { errors: { other: b.error || "Not saved: send it again." } });
      return;
    }
    const errors = b.errors || {};
    if (!b.errors && b.field) errors[b.field] = b.error;
    if (!Object.keys(errors).length) errors.other = b.error;
    setMode("entry", { errors: errors });
  }

  function moveOn() {
    const leaving = last.move.round;
    const btn = document.getElementById("move");
    if (btn) btn.disabled = true;
    post("next", { round: leaving }).then(function (r) {
      if (r.status === 200) {
        if (r.body.state) take({ version: version, state: r.body.state }, true);
        setMode("list", { flash: { text: last.finished ? "The last round is over at this table." : "Round " + last.round + " has started." } });
        return;
      }
      if (lostLink(r.status)) { draw(); return; }
      setMode("list", { flash: { text: r.body.error || "The laptop refused it.", bad: true } });
    }, function () {
      setMode("list", { flash: { text: "The laptop did not answer: try again.", bad: true } });
    });
  }

  // Following the laptop --------------------------------------------------------------
  function take(payload, force) {
    if (!force && payload.version <= version) return;
    if (!force) version = payload.version;
    last = payload.state;
    // An entry under way is left as typed; the boards are drawn again once it is done.
    if (ui.mode === "list") draw();
  }

  // "live" only while all three hold: the laptop's stream is open, the phone is online, and
  // the laptop answers what the phone sends. An open stream alone is not enough: a phone
  // gone offline keeps it open for a while, and said "live" beside "No answer yet".
  const link = { stream: false, answers: true };

  function live(on) {
    if (on !== undefined) link.stream = on;
    const online = navigator.onLine !== false;
    const up = link.stream && link.answers && online;
    const e = document.getElementById("live");
    e.className = "live " + (up ? "on" : "off");
    e.textContent = up ? "live" : online ? "reconnecting…" : "offline";
  }

  function answering(yes) {
    link.answers = yes;
    live();
  }

  window.addEventListener("offline", function () { live(); });
  window.addEventListener("online", function () { live(); fetchState(); });

  function fetchState() {
    return fetch("state.json", { cache: "no-store" })
      .then(function (r) {
        if (lostLink(r.status)) { draw(); return null; }
        return r.ok ? r.json() : null;
      })
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
    events.addEventListener("error", function () {
      live(false);
      fetchState();
    });
  }

  fetchState();
  follow();
})();
