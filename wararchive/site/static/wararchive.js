/* wararchive site: the edition's layer switch and the replay viewer.
 *
 * The replay viewer draws the board from per-perspective frames that the
 * engine produced from each player's filtered view: a side's frames never
 * hold an enemy rank that side had not been shown.
 */
"use strict";

/* A reader's choice kept across pages and visits; storage may be disabled, and then the choice holds for this page. */
function waRecall(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}
function waRemember(key, value) {
  try { localStorage.setItem(key, value); } catch (e) { /* not remembered, still applied */ }
}

/* The layer of the original (reading, diplomatic, both): remembered across pages and visits. */
const LAYER_KEY = "wararchive-layer";
function waLayerSwitch() {
  const edition = document.querySelector(".wa-edition");
  if (!edition) return;
  const apply = (layer) => {
    for (const name of ["reading", "diplomatic", "both"]) edition.classList.toggle(`wa-show-${name}`, name === layer);
    document.querySelectorAll(".wa-layer-switch button[data-layer]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.layer === layer)));
  };
  const saved = waRecall(LAYER_KEY);
  if (["reading", "diplomatic", "both"].includes(saved)) apply(saved);
  document.querySelectorAll(".wa-layer-switch button[data-layer]").forEach((btn) => {
    btn.addEventListener("click", () => {
      apply(btn.dataset.layer);
      waRemember(LAYER_KEY, btn.dataset.layer);
    });
  });
  /* An apparatus link must show the apparatus: switch to both layers if it is hidden. */
  edition.addEventListener("click", (ev) => {
    if (ev.target.closest("a.wa-corr-ref") && !edition.classList.contains("wa-show-both")) apply("both");
  });
  if (location.hash.startsWith("#corr-")) apply("both");
}

/* --- edition: the English translation on or off ---
 * One toggle button (aria-pressed: the translation is shown); off, the original takes the whole width, for a reader
 * who reads it unaided or wants the line breaks of the source. Remembered across pages and visits like the layer. */
const TRANSLATION_KEY = "wararchive-translation";
function waTranslationToggle() {
  const edition = document.querySelector(".wa-edition");
  const button = document.querySelector("button.wa-trans-toggle");
  if (!edition || !button) return;
  const apply = (shown) => {
    edition.classList.toggle("wa-hide-trans", !shown);
    button.setAttribute("aria-pressed", String(shown));
  };
  if (waRecall(TRANSLATION_KEY) === "hidden") apply(false);
  button.addEventListener("click", () => {
    const shown = button.getAttribute("aria-pressed") !== "true";
    apply(shown);
    waRemember(TRANSLATION_KEY, shown ? "shown" : "hidden");
  });
}

/* How much sticks to the top of the window (the theme's header when it is sticky, our layer bar), as --wa-sticky, which
 * every permalink target keeps as its scroll margin; the page's own target is scrolled to again once it is known. */
function waStickyMargin() {
  const measure = () => {
    let bottom = 0;
    for (const el of document.querySelectorAll(".mobile-header, .wa-toolbar")) {
      const style = getComputedStyle(el);
      if ((style.position === "sticky" || style.position === "fixed") && style.display !== "none") bottom += el.offsetHeight;
    }
    document.documentElement.style.setProperty("--wa-sticky", `${bottom}px`);
  };
  measure();
  const target = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target) target.scrollIntoView({ behavior: "instant" });  /* the theme scrolls smoothly: a landing jumps */
  window.addEventListener("resize", measure);
}

/* Parallel page: show only the units that differ. */
function waDiffFilter() {
  document.querySelectorAll("input.wa-diff-only").forEach((box) => {
    const parallel = document.querySelector(".wa-parallel");
    box.addEventListener("change", () => parallel.classList.toggle("wa-diff-only", box.checked));
  });
}

const SVGNS = "http://www.w3.org/2000/svg";
/* The label colour (near-black or white) with the higher WCAG contrast against a piece's colour. */
function labelColour(hex) {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return (lum + 0.05) / 0.0605 > 1.05 / (lum + 0.05) ? "#1b1b1b" : "#ffffff";
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/* --- capture markers (see ReplayViewer.captured) ---
 * A move written FROM-TO (after any ``action:``) becomes FROMxTO, as long algebraic chess notation marks a capture;
 * an ability aimed at a square (``fire:?>c5``) is marked at its target (``fire:?>xc5``), where the piece fell. */
function captureMarked(text) {
  if (text.includes(">")) return text.replace(">", ">x");
  const head = text.lastIndexOf(":") + 1;  /* after any action: the first hyphen parts the squares, as the engine parses it */
  return text.slice(0, head) + text.slice(head).replace("-", "x");
}

/* Who won, as the game's end event has it: its result is a side, "draw" (a draw the rules define) or "unfinished"
 * (the project's ply limit stopped it: no result, never a draw). */
function winnerText(ev) {
  if (ev.winner) return ev.winner;
  if (ev.result === "unfinished") return "none (unfinished: the project's ply limit)";
  return ev.result === "draw" ? "none (a draw by the rules)" : "none";
}

function textHref(pid) {
  const text = pid.slice(0, pid.lastIndexOf(":"));
  return `../texts/${text}.html#${encodeURIComponent(pid).replace(/%3A/g, ":")}`;
}

/* A replay viewer as chess sites have them: board with coordinates and the last move marked, a clickable
 * move list, an address per ply (#ply=12&view=south), flip, autoplay, a legend, and the rule of each ply. */

class ReplayViewer {
  constructor(root) {
    this.root = root;
    this.data = JSON.parse(root.querySelector("script.wa-replay-data").textContent);
    this.rulesPage = root.dataset.rulesPage;
    this.perspective = "referee";
    this.ply = 0;
    this.flipped = false;
    this.timer = null;
    this.states = {};
    this.build();
    this.fromAddress();
    window.addEventListener("hashchange", () => this.fromAddress());
  }

  /* The board at every ply for one perspective, from the frames' diffs. */
  statesFor(perspective) {
    if (!this.states[perspective]) {
      const out = [];
      let cur = new Map();
      for (const diff of this.data.frames[perspective]) {
        cur = new Map(cur);
        for (const entry of diff) {
          if (entry.length === 1) cur.delete(entry[0]);
          else cur.set(entry[0], entry.slice(1));
        }
        out.push(cur);
      }
      this.states[perspective] = out;
    }
    return this.states[perspective];
  }

  get last() { return this.data.moves.referee.length; }

  button(name, text, title, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `wa-${name}`;
    b.textContent = text;
    b.title = title;
    b.setAttribute("aria-label", title);
    b.addEventListener("click", onClick);
    return b;
  }

  build() {
    const d = this.data;
    /* Two rows that fit a phone: the steps, play and its speed, flip; then the view and the slider. */
    const controls = document.createElement("div");
    controls.className = "wa-controls";
    const steps = [["first", "«", "first ply"], ["prev", "‹", "previous ply"], ["next", "›", "next ply"], ["last", "»", "last ply"]];
    for (const [name, text, title] of steps) controls.append(this.button(name, text, title, () => this.step(name)));
    this.playButton = this.button("play", "▶", "play the game", () => this.togglePlay());
    controls.append(this.playButton);
    this.speed = document.createElement("select");
    this.speed.className = "wa-speed";
    this.speed.setAttribute("aria-label", "autoplay speed");
    for (const [ms, text] of [[1400, "½×"], [700, "1×"], [350, "2×"], [175, "4×"]]) {
      const opt = document.createElement("option");
      opt.value = String(ms);
      opt.textContent = text;
      this.speed.append(opt);
    }
    this.speed.value = "700";
    this.speed.addEventListener("change", () => { if (this.timer) { this.stop(); this.togglePlay(); } });
    controls.append(this.speed);
    controls.append(this.button("flip", "⇅", "flip the board", () => { this.flipped = !this.flipped; this.show(this.ply); }));
    const where = document.createElement("div");
    where.className = "wa-controls wa-controls-view";
    const label = document.createElement("label");
    label.textContent = "View ";
    this.select = document.createElement("select");
    this.select.className = "wa-perspective";
    for (const p of [...d.sides, "referee"]) {
      const opt = document.createElement("option");
      opt.value = p;
      opt.textContent = p === "referee" ? "referee (all ranks)" : `${p} (as ${p} saw it)`;
      this.select.append(opt);
    }
    this.select.value = "referee";
    this.select.addEventListener("change", () => { this.perspective = this.select.value; this.buildMoveList(); this.show(this.ply); });
    label.append(this.select);
    this.slider = document.createElement("input");
    this.slider.type = "range";
    this.slider.min = "0";
    this.slider.max = String(this.last);
    this.slider.value = "0";
    this.slider.className = "wa-slider";
    this.slider.setAttribute("aria-label", "ply");
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value)));
    where.append(label, this.slider);
    this.plyLabel = document.createElement("div");
    this.plyLabel.className = "wa-ply";
    this.plyLabel.setAttribute("aria-live", "polite");

    /* The board with the current ply's rule under it, so that one sees both while stepping, on a phone too. */
    const main = document.createElement("div");
    main.className = "wa-replay-main";
    this.boardBox = document.createElement("div");
    this.boardBox.className = "wa-board";
    this.eventsBox = document.createElement("div");
    this.eventsBox.className = "wa-events";
    main.append(controls, where, this.plyLabel, this.boardBox, this.eventsBox);
    const side = document.createElement("div");
    side.className = "wa-replay-side";
    this.legendBox = document.createElement("details");
    this.legendBox.className = "wa-legend";
    this.moveList = document.createElement("ol");
    this.moveList.className = "wa-movelist";
    this.moveList.setAttribute("aria-label", "moves; choose one to go to it");
    this.moveList.tabIndex = 0;
    const movesHead = document.createElement("div");
    movesHead.className = "wa-movelist-head";
    movesHead.textContent = "Moves";
    side.append(movesHead, this.moveList, this.legendBox);
    const layout = document.createElement("div");
    layout.className = "wa-replay-layout";
    layout.append(main, side);
    this.root.append(layout);
    this.buildMoveList();
    this.buildLegend();

    const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    this.root.addEventListener("keydown", (ev) => {
      if (ev.target.tagName === "SELECT" || ev.target.tagName === "INPUT" && ev.target.type !== "range") return;
      if (keys[ev.key]) { ev.preventDefault(); ev.stopPropagation(); this.step(keys[ev.key]); }
    });
    /* From page load, the arrow keys step the page's one viewer wherever the focus is not in a field of its own. */
    if (document.querySelectorAll(".wa-replay").length === 1) {
      document.addEventListener("keydown", (ev) => {
        if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
        if (ev.target.closest && ev.target.closest("input, select, textarea, [contenteditable]")) return;
        if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") { ev.preventDefault(); this.step(keys[ev.key]); }
      });
    }
  }

  /* The move of a ply as this perspective wrote it, with a capture marker (see captureMarked); chess in its SAN,
   * which marks its captures itself. */
  moveText(ply) {
    if (this.data.san) return this.data.san[ply - 1];
    const text = this.data.moves[this.perspective][ply - 1];
    return this.captured(ply) ? captureMarked(text) : text;
  }

  /* --- capture markers ---
   * A ply at which a piece left the board, as this perspective's own frames show it: the board holds fewer pieces
   * after it than before (a deserter changing sides is not taken). Every view shows where every piece stands (only
   * ranks are hidden), so the marker tells a viewer nothing his board does not show, and it names no piece. */
  captured(ply) {
    if (this.data.san) return false;
    const states = this.statesFor(this.perspective);
    return ply > 0 && states[ply].size < states[ply - 1].size;
  }

  /* One button per ply, as this perspective wrote the move; chess in its notation (SAN), a numbered row per move
   * pair as chess books print it. */
  buildMoveList() {
    const moves = this.data.moves[this.perspective];
    const button = (i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "wa-move";
      b.dataset.ply = String(i + 1);
      b.textContent = this.moveText(i + 1);
      if (this.captured(i + 1)) b.dataset.capture = "";
      b.addEventListener("click", () => { this.stop(); this.show(i + 1); });
      return b;
    };
    this.moveList.classList.toggle("wa-pairs", Boolean(this.data.san));
    if (this.data.san) {
      const rows = [];
      for (let i = 0; i < moves.length; i += 2) {
        const li = document.createElement("li");
        li.append(button(i));
        if (i + 1 < moves.length) li.append(" ", button(i + 1));
        rows.push(li);
      }
      this.moveList.replaceChildren(...rows);
    } else {
      this.moveList.replaceChildren(...moves.map((_, i) => { const li = document.createElement("li"); li.append(button(i)); return li; }));
    }
  }

  /* The symbols on the board and the pieces they stand for (piece kinds are public, positions are not). */
  buildLegend() {
    const seen = new Map();
    for (const state of this.statesFor("referee")) {
      for (const [, [side, symbol, piece]] of state) if (piece && !seen.has(`${side}:${symbol}`)) seen.set(`${side}:${symbol}`, [side, symbol, piece]);
    }
    const list = document.createElement("ul");
    for (const [side, symbol, piece] of [...seen.values()].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]))) {
      const li = document.createElement("li");
      const chip = document.createElement("span");
      chip.className = "wa-legend-chip";
      chip.style.background = this.data.colours[side];
      chip.style.color = labelColour(this.data.colours[side]);
      chip.textContent = symbol;
      li.append(chip, ` ${this.data.sides[side]} ${piece.replace(/_/g, " ")}`);
      list.append(li);
    }
    if (this.data.hidden_ranks) {  /* only where a side's view hides a rank: chess shows every piece to both */
      const li = document.createElement("li");
      const chip = document.createElement("span");
      chip.className = "wa-legend-chip wa-legend-hidden";
      chip.textContent = "?";
      li.append(chip, " a piece whose rank this view does not know");
      list.append(li);
    }
    if (!this.data.san) {  /* chess readers know SAN's x */
      const x = document.createElement("li");
      const code = document.createElement("code");
      code.textContent = "a1xa2";
      x.append(code, " in the moves: at this move a piece left the board (taken, or fallen in the fight it led to)");
      list.append(x);
    }
    const head = document.createElement("summary");
    head.textContent = "Legend";
    head.className = "wa-legend-head";
    this.legendBox.replaceChildren(head, list);
  }

  fromAddress() {
    const params = new URLSearchParams(location.hash.slice(1));
    const view = params.get("view");
    if (view && [...this.data.sides, "referee"].includes(view) && view !== this.perspective) {
      this.perspective = this.select.value = view;
      this.buildMoveList();
    }
    const ply = Number(params.get("ply"));
    this.show(Number.isInteger(ply) ? Math.max(0, Math.min(this.last, ply)) : 0, false);
  }

  step(name) {
    this.stop();
    const target = { first: 0, prev: this.ply - 1, next: this.ply + 1, last: this.last }[name];
    this.show(Math.max(0, Math.min(this.last, target)));
  }

  togglePlay() {
    if (this.timer) { this.stop(); return; }
    if (this.ply >= this.last) this.show(0);
    this.playButton.textContent = "⏸";
    this.playButton.title = "pause";
    this.playButton.setAttribute("aria-label", "pause");
    this.timer = setInterval(() => { if (this.ply >= this.last) this.stop(); else this.show(this.ply + 1); }, Number(this.speed.value));
  }

  stop() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = "▶";
    this.playButton.title = "play the game";
    this.playButton.setAttribute("aria-label", "play the game");
  }

  show(ply, record = true) {
    this.ply = ply;
    this.slider.value = String(ply);
    const mover = ply > 0 ? ` · ${this.moveText(ply)}` : " · starting position";
    this.plyLabel.textContent = `ply ${ply} of ${this.last}${mover}`;
    this.drawBoard(this.statesFor(this.perspective)[ply], ply > 0 ? this.data.frames[this.perspective][ply].map((e) => e[0]) : []);
    this.drawEvents(ply);
    this.moveList.querySelectorAll("button[aria-current]").forEach((b) => b.removeAttribute("aria-current"));
    const current = this.moveList.querySelector(`button[data-ply="${ply}"]`);
    if (current) {
      current.setAttribute("aria-current", "step");
      const list = this.moveList, top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) list.scrollTop = top - list.clientHeight / 2;
    }
    this.root.dataset.ply = String(ply);
    if (record) history.replaceState(null, "", `#ply=${ply}&view=${encodeURIComponent(this.perspective)}`);
  }

  /* ``changed``: the cells whose content changed at this ply in this perspective's own frames (the last move as
   * this side saw it: never more than its view shows). */
  drawBoard(state, changed) {
    const b = this.data.board;
    const blocked = new Set(this.data.blocked || []);
    const marked = new Set(changed);
    const graph = b.kind !== "grid";
    const cells = b.cells;
    const xs = cells.map((c) => c.x), ys = cells.map((c) => c.y);
    const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
    const unit = 40, margin = graph ? 0 : 18;
    const aspect = graph ? (maxY - minY) / ((maxX - minX) * Math.cos((minY + maxY) / 2 * Math.PI / 180) || 1) : 1;
    const W = graph ? 640 : b.width * unit + margin, H = graph ? 40 + 600 * aspect : b.height * unit + margin;
    const flip = this.flipped;
    const gx = (c) => margin + (flip ? b.width - 1 - c.x : c.x) * unit;
    const gy = (c) => (flip ? c.y : b.height - 1 - c.y) * unit;
    const px = (c) => graph ? 20 + ((flip ? maxX - c.x + minX : c.x) - minX) / (maxX - minX || 1) * (W - 40) : gx(c);
    const py = (c) => graph ? 20 + (flip ? c.y - minY : maxY - c.y) / (maxY - minY || 1) * (H - 40) : gy(c);
    const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "wa-board-svg", "aria-label": `board at ply ${this.ply}` });
    if (graph) {
      if (b.coast) {  /* land, and the sea below the coastline, as on the static map */
        root.append(svg("rect", { x: 0, y: 0, width: W, height: H, class: "wa-land" }));
        const pts = [[minX - 1, b.coast[0][1]], ...b.coast, [maxX + 1, b.coast[b.coast.length - 1][1]], [maxX + 1, minY - 1], [minX - 1, minY - 1]];
        root.append(svg("polygon", { points: pts.map(([x, y]) => `${px({ x, y })},${py({ x, y })}`).join(" "), class: "wa-sea" }));
      }
      const at = new Map(cells.map((c) => [c.name, c]));
      for (const line of b.lines || []) {
        for (let k = 1; k < line.points.length; k++) {
          const a = at.get(line.points[k - 1]), c = at.get(line.points[k]);
          root.append(svg("line", { x1: px(a), y1: py(a), x2: px(c), y2: py(c), class: `wa-edge wa-edge-${line.style}` }));
        }
      }
    } else {
      this.drawCoordinates(root, cells, gx, gy, unit, margin);
    }
    cells.forEach((c, i) => {
      const t = c.terrain || [];
      const cls = ["wa-sq", ...t.map((x) => `wa-t-${x.replace(/[^a-z0-9-]/gi, "")}`)];
      if (blocked.has(c.name) && !t.includes("water")) cls.push("wa-t-blocked");
      if (!graph && !t.length && !blocked.has(c.name) && (Math.round(c.x) + Math.round(c.y)) % 2) cls.push("wa-sq-alt");
      const g = svg("g", { "data-square": c.name });
      if (marked.has(i)) g.setAttribute("data-changed", "true");
      if (graph) {
        const offMap = t.some((x) => x.startsWith("holding:"));  /* reserve slots: no name, drawn small */
        if (marked.has(i)) g.append(svg("circle", { cx: px(c), cy: py(c), r: 15, class: "wa-lastmove" }));
        g.append(svg("circle", { cx: px(c), cy: py(c), r: offMap ? 3 : 5, class: cls.join(" ") }));
        if (!offMap) {
          const [dx, dy, align] = (b.labels || {})[c.name] || [7, 6, "left"];  /* offsets in points, y upwards */
          const anchor = { left: "start", right: "end", center: "middle" }[align];
          g.append(svg("text", { x: px(c) + dx, y: py(c) - dy, class: "wa-pointname", "text-anchor": anchor }, c.name));
        }
      } else {
        g.append(svg("rect", { x: px(c), y: py(c), width: unit, height: unit, class: cls.join(" ") }));
        if (marked.has(i)) g.append(svg("rect", { x: px(c), y: py(c), width: unit, height: unit, class: "wa-lastmove" }));
      }
      const occ = state.get(i);
      if (occ) {
        const [side, symbol, piece] = occ;
        const cx = graph ? px(c) : px(c) + unit / 2, cy = graph ? py(c) : py(c) + unit / 2;
        const fill = this.data.colours[side];
        g.append(svg("circle", { cx, cy, r: graph ? 11 : 15, fill, stroke: "#333", "stroke-width": 0.8, class: "wa-piece" }));
        const label = svg("text", { x: cx, y: cy + 4, class: "wa-piece-label", "text-anchor": "middle", fill: labelColour(fill) }, symbol);
        g.append(label);
        g.setAttribute("data-piece", piece || "hidden");
        g.setAttribute("data-side", this.data.sides[side]);
        g.append(svg("title", {}, `${c.name}: ${this.data.sides[side]} ${piece ? piece.replace(/_/g, " ") : "(rank hidden)"}`));
      } else {
        g.append(svg("title", {}, c.name));
      }
      root.append(g);
    });
    this.boardBox.replaceChildren(root);
  }

  /* Files under the board and ranks beside it, read off the cell names of the first row and column (a1 → a, 1). */
  drawCoordinates(root, cells, gx, gy, unit, margin) {
    for (const c of cells) {
      if (c.y === 0) root.append(svg("text", { x: gx(c) + unit / 2, y: this.data.board.height * unit + margin - 4, class: "wa-coord", "text-anchor": "middle" }, c.name.replace(/[0-9]+$/, "")));
      if (c.x === 0) root.append(svg("text", { x: margin / 2, y: gy(c) + unit / 2 + 4, class: "wa-coord", "text-anchor": "middle" }, c.name.replace(/^[^0-9]+/, "")));
    }
  }

  drawEvents(ply) {
    const box = this.eventsBox;
    box.replaceChildren();
    const events = this.data.events[this.perspective][ply];  /* at ply 0, the setups' events this view may read */
    const moveRule = ply > 0 ? this.data.move_rules[this.perspective][ply] : null;
    if (ply === 0 || moveRule) {
      const p = document.createElement("p");
      p.className = "wa-muted";
      if (ply === 0) p.textContent = "The setups, before the first move.";
      else this.ruleLine(p, moveRule, "Move: ");
      box.append(p);
    } else if (!events.length) {
      const p = document.createElement("p");
      p.className = "wa-muted";
      p.textContent = "A move by a piece whose rank this side does not know.";
      box.append(p);
    }
    for (const ev of events) {
      const item = document.createElement("div");
      item.className = "wa-event";
      const rule = this.data.rules[ev.rule];
      const head = document.createElement("div");
      const what = ev.pieces ? ev.pieces.map(([piece, side]) => `${side} ${piece ? piece.replace(/_/g, " ") : "?"}`).join(" vs ") : "";
      const outcome = ev.outcome ? `: ${ev.outcome.replace(/_/g, " ")}` : "";
      head.textContent = `${ev.type}${ev.cells ? " " + ev.cells.join("→") : ""} ${what}${outcome}${ev.winner !== undefined ? " — winner: " + winnerText(ev) : ""}`;
      item.append(head);
      const why = document.createElement("div");
      if (rule) this.ruleLine(why, ev.rule, "Rule ");
      else why.textContent = "The rule that decided this stays hidden from this side: it would betray what this side has not been shown (a rank, an unfired weapon).";
      item.append(why);
      box.append(item);
    }
  }

  /* "Rule x (certainty): summary. Passages: a, b" with links to the rule and the passages. */
  ruleLine(box, ruleId, prefix) {
    const rule = this.data.rules[ruleId];
    const a = document.createElement("a");
    a.href = `${this.rulesPage}#rule-${ruleId}`;
    a.textContent = ruleId;
    a.className = "wa-rule-link";
    box.append(prefix, a, ` (${rule.certainty}): ${rule.summary} `);
    rule.cites.forEach((pid, i) => {
      const link = document.createElement("a");
      link.href = textHref(pid);
      link.textContent = pid;
      link.className = "wa-passage-link";
      box.append(i ? ", " : "Passages: ", link);
    });
  }
}

/* Accessibility repairs of the theme's page: landmarks told apart, scrolling code reachable by keyboard,
 * and a heading on the search page. */
function waAccessibility() {
  const labels = { "sidebar-drawer": "site navigation", "toc-drawer": "contents of this page" };
  for (const [cls, label] of Object.entries(labels)) document.querySelectorAll(`aside.${cls}`).forEach((a) => a.setAttribute("aria-label", label));
  /* What scrolls sideways at this width (code, wide tables) can be reached and scrolled by keyboard: a region named
   * after the section it is in (numbered where a section has several, as landmarks' names must differ). */
  const scrollers = () => {
    const names = new Map();
    document.querySelectorAll("div.highlight > pre, .table-wrapper").forEach((box) => {
      if (box.scrollWidth > box.clientWidth + 1) {
        const heading = box.closest("section")?.querySelector("h1, h2, h3, h4");
        const base = `${box.matches("pre") ? "code" : "table"}${heading ? ": " + heading.textContent.replace(/[¶#]\s*$/, "").trim() : ""}`;
        names.set(base, (names.get(base) || 0) + 1);
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", `${base}${names.get(base) > 1 ? " " + names.get(base) : ""} (scrolls sideways)`);
        box.dataset.waScrolls = "";
      } else if ("waScrolls" in box.dataset) {
        for (const a of ["tabindex", "role", "aria-label", "data-wa-scrolls"]) box.removeAttribute(a);
      }
    });
  };
  scrollers();
  window.addEventListener("resize", scrollers);
  const results = document.getElementById("search-results");
  if (results && !document.querySelector("h1")) {
    const h1 = document.createElement("h1");
    h1.textContent = "Search";
    (document.querySelector("article") || results.parentNode).prepend(h1);
  }
}

/* The theme opens its drawers (the site navigation, the page's contents) with a <label> for a hidden checkbox: a mouse
 * can, a keyboard cannot, as a label takes no focus. Each icon becomes a button that ticks the box and says whether the
 * drawer is open; opening moves focus into the drawer (whose links the stylesheet keeps out of the tab order while it is
 * closed), Escape closes it and returns focus to its button, and so does leaving it with Tab. */
function waDrawers() {
  const drawers = { __navigation: ["sidebar-drawer", "Site navigation"], __toc: ["toc-drawer", "Contents of this page"] };
  const shown = (e) => e.getClientRects().length > 0;
  for (const [id, [cls, name]] of Object.entries(drawers)) {
    const box = document.getElementById(id);
    const drawer = document.querySelector(`aside.${cls}`);
    if (!box || !drawer) continue;
    drawer.id ||= `wa-${cls}`;
    const set = (open) => {
      box.checked = open;
      buttons.forEach((b) => b.setAttribute("aria-expanded", String(open)));
    };
    const buttons = [...document.querySelectorAll(`label.nav-overlay-icon[for="${id}"], label.toc-overlay-icon[for="${id}"]`)].map((label) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = `${label.className} wa-drawer-toggle`;
      button.setAttribute("aria-controls", drawer.id);
      button.setAttribute("aria-label", name);
      button.append(...label.childNodes);
      label.replaceWith(button);
      button.addEventListener("click", () => {
        set(!box.checked);
        if (box.checked) [...drawer.querySelectorAll("a[href], input, button")].find(shown)?.focus();
      });
      return button;
    });
    set(box.checked);
    box.addEventListener("change", () => set(box.checked));  /* the theme's overlay closes it too */
    drawer.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && box.checked) { set(false); buttons.find(shown)?.focus(); }
    });
    drawer.addEventListener("focusout", (e) => {
      const to = e.relatedTarget;
      if (box.checked && to && !drawer.contains(to) && !buttons.includes(to)) set(false);
    });
  }
}

/* "Copy" beside a citation line: the line to the clipboard, and a word that it worked. */
function waCopyButtons() {
  document.querySelectorAll("button.wa-copy[data-copy]").forEach((btn) => {
    btn.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(btn.dataset.copy); btn.textContent = "Copied"; }
      catch (e) { btn.textContent = "Select the line to copy it"; }
      setTimeout(() => { btn.textContent = "Copy"; }, 2500);
    });
  });
}

document.addEventListener("DOMContentLoaded", () => {
  waAccessibility();
  waDrawers();
  waStickyMargin();
  waCopyButtons();
  waLayerSwitch();
  waTranslationToggle();
  waDiffFilter();
  document.querySelectorAll(".wa-replay").forEach((root) => { root.waViewer = new ReplayViewer(root); });
});
