(() => {
  "use strict";
  // The playground: every option of the URL API, the picture, the analysis and a snippet per docs stack.
  // Everything comes from this service (no other origin: the page's CSP allows none).
  const $ = (id) => document.getElementById(id);
  const S = JSON.parse($("playground").dataset.settings);
  const ORIGIN = location.origin;
  const DEBOUNCE_MS = 200;
  const TILE_PX = 30; // analysis tiles, CSS px tall
  const MAX_SPLITS_SHOWN = 8;
  const DEF_HEIGHT = String(S.defaultHeight), DEF_ROW = String(S.defaultRow);

  const EXAMPLES = {
    problem: [
      "problem:",
      "  round: E1",
      "  honba: 2",
      "  seat: S",
      "  turn: 7",
      "  dora: 3m",
      "  hand: 2345m067p34588s5z+4p",
      "  answer: 5z",
      "  scores: [25000, 25000, 25000, 25000]",
    ].join("\n"),
    table: [
      "table:",
      "  round: S2",
      "  honba: 1",
      "  riichi_sticks: 1",
      "  dora: 3m7z",
      "  view: S",
      "  seats:",
      '    E: {hand: 10, melds: "-123m", river: "19m4z*6p-5s2p", score: 31000}',
      '    S: {hand: "2345m067p3488s55z", river: "9p1z*8s7z3p", score: 24000}',
      '    W: {hand: 13, river: "1s9s2z4p6m*2m7s", score: 22000}',
      '    N: {hand: 7, melds: "-777p 5-55s", river: "1z2z3z9m1p", score: 23000}',
    ].join("\n"),
  };

  // Notations the tiles mode starts from (the buttons under the notation).
  const HAND_EXAMPLES = {
    riichi: "11222333s22m+-456m+4s",
    tienjiu: "6612d5545d", // four Tienjiu tiles: the JSON view's Pai Gow splits
  };

  // The score card's context (docs/scoring.md#options): [control id (= the URL API's name), default].
  const SCORE_OPTIONS = [
    ["score", false], ["rules", "tenhou"], ["round", "E"], ["seat", "E"], ["honba", ""], ["sticks", ""],
    ...["riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou",
      "last_tile", "wall_last", "kong"].map((id) => [id, false]),
    ...["open_tanyao", "red_fives", "kiriage", "kazoe", "double_yakuman", "double_wind_fu", "renhou_value"].map((id) => [id, ""]),
  ];
  const SCORE_NAMES = new Set(SCORE_OPTIONS.map(([id]) => id));

  // [control id (= the URL API's name), default]; the page's own URL uses the same names.
  const OPTIONS = [
    ["format", "png"], ["theme", "light"], ["height", DEF_HEIGHT], ["scale", "2"], ["bg", ""], ["lang", "en"],
    ["layout", "hand"], ["row", DEF_ROW], ["rows", ""], ["visible", ""], ["gap", ""], ["dora", ""], ["ura", ""], ["wild", ""], ["exact", false],
    ["index", false], ["dialect", ""],
    ...SCORE_OPTIONS,
  ];
  const LABELS = {
    format: "Format", theme: "Theme", height: "Height", scale: "Scale", bg: "Background", lang: "Language",
    layout: "Layout", row: "River row", rows: "Table rows", visible: "Visible tiles", gap: "Gap", dora: "Dora", ura: "Ura", wild: "Wild kind", exact: "Exact RGBA",
    index: "Corner index", dialect: "Dialect",
  };

  // -- state ------------------------------------------------------------------

  function read() {
    const st = {
      mode: document.querySelector("input[name=mode]:checked").value,
      n: $("notation").value,
      s: $("scene").value.replace(/\s+$/, ""),
    };
    for (const [id] of OPTIONS) {
      const el = $(id);
      st[id] = el.type === "checkbox" ? el.checked : el.value.trim();
    }
    return st;
  }

  function pageQuery(st) {
    const q = new URLSearchParams();
    if (st.mode === "scene") q.set("mode", "scene");
    q.set("n", st.n);
    if (st.mode === "scene" || st.s !== EXAMPLES.problem) q.set("s", st.s);
    for (const [id, def] of OPTIONS) {
      if (st[id] !== def && !(id === "height" && st[id] === "")) q.set(id, st[id] === true ? "1" : st[id]);
    }
    return q.toString().replace(/%2C/g, ",");
  }

  function restore() {
    const q = new URLSearchParams(location.search);
    if (q.has("n")) $("notation").value = q.get("n");
    $("scene").value = q.has("s") ? q.get("s") : EXAMPLES.problem;
    document.querySelector(`input[name=mode][value=${q.get("mode") === "scene" ? "scene" : "tiles"}]`).checked = true;
    for (const [id] of OPTIONS) {
      if (!q.has(id)) continue;
      const el = $(id), v = q.get(id);
      if (el.type === "checkbox") el.checked = /^(1|true|yes)$/i.test(v);
      else if (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === v)) el.value = v;
    }
  }

  // -- URLs of this service ---------------------------------------------------


  // The options in the URL API's query, in one order. `scale`: a number, or null for none;
  // `json`: the JSON view's (which also takes the analysis' wild kind).
  function optionQuery(st, scale, json = false) {
    const q = new URLSearchParams();
    const scene = st.mode === "scene";
    q.set("height", st.height || DEF_HEIGHT);
    if (scale != null) q.set("scale", String(scale));
    if (st.theme !== "light") q.set("theme", st.theme);
    if (st.bg) q.set("bg", st.bg.replace(/^#/, ""));
    if (!scene) {
      if (st.layout === "river") {
        q.set("layout", "river");
        if (st.row && st.row !== DEF_ROW) q.set("row", st.row);
      } else {
        if (st.layout === "efficiency") {  // the acceptance table: a row a discard, the first `rows`
          q.set("layout", "efficiency");
          if (st.rows) q.set("rows", st.rows);
          if (st.visible) q.set("visible", st.visible); // tiles seen elsewhere: not counted as left
        }
        if (st.gap !== "") q.set("gap", st.gap);
      }
      if (st.dora) q.set("dora", st.dora);
      if (st.ura) q.set("ura", st.ura);
      if (st.dialect) q.set("dialect", st.dialect); // the notation is written in another tool's
    }
    if (st.lang !== "en") q.set("lang", st.lang); // the labels' and the alt text's language
    if (st.exact && st.format !== "svg") q.set("exact", "1");
    if (st.index) q.set("index", "1");
    if (!scene && json && st.wild) q.set("wild", st.wild);
    if (!scene && st.score) for (const [k, v] of scoreProps(st)) q.set(k, v === true ? "1" : String(v));
    return q;
  }

  // The canonical routes: /tiles/<notation>.<format>?… (the notation escaped with encodeURIComponent,
  // so '+', '#', '?' and spaces stay part of it) and /scene.<format>?s=<YAML>&….
  function url(st, ext, scale, json = false) {
    const q = optionQuery(st, scale, json);
    if (st.mode === "scene") return `${ORIGIN}/scene.${ext}?` + new URLSearchParams([["s", st.s], ...q]).toString();
    return `${ORIGIN}/tiles/${encodeURIComponent(st.n)}.${ext}?${q}`;
  }

  const tileURL = (notation) => `${ORIGIN}/tiles/${encodeURIComponent(notation)}.svg?height=${TILE_PX}&theme=auto`;

  // -- talking to the service -------------------------------------------------

  async function getJSON(address) {
    try {
      const r = await fetch(address, { headers: { Accept: "application/json" } });
      return { ok: r.ok, body: await r.json().catch(() => null) };
    } catch {
      return { ok: false, body: null };
    }
  }

  // Whether the service draws this URL; if not, its error (asked as JSON, never as a picture).
  async function drawable(address) {
    try {
      const r = await fetch(address, { headers: { Accept: "application/json" } });
      if (r.ok) {
        await r.arrayBuffer(); // now in the HTTP cache for the <img>
        return { ok: true };
      }
      return { ok: false, body: await r.json().catch(() => null) };
    } catch {
      return { ok: false, body: null };
    }
  }

  const errorOf = (answer) => (answer.body && answer.body.error) ||
    { message: "the service did not answer: is it running?", position: null };

  // -- the cycle: read, check, draw ---------------------------------------------

  let seq = 0, timer = 0, good = false;

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(update, DEBOUNCE_MS);
  }

  async function update() {
    clearTimeout(timer);
    const notes = sync();
    const st = read();
    const query = pageQuery(st);
    history.replaceState(null, "", "?" + query);
    const mine = ++seq;
    const scale = Number(st.scale) || 1;
    const picture = url(st, st.format, scale);
    const jsonURL = st.mode === "scene" ? url(st, "json", scale) : url(st, "json", null, true);
    const [info, drawn] = await Promise.all([getJSON(jsonURL), drawable(picture)]);
    if (mine !== seq) return; // the user typed on
    clearProblems();
    if (!info.ok || !drawn.ok) {
      showProblem(st, errorOf(info.ok ? drawn : info));
      $("stage").classList.toggle("stale", good);
      if (!good) $("status").textContent = "No picture yet: the message above says what to change.";
      $("playground").dataset.shown = query; // what the page shows now (tests wait for it)
      return;
    }
    const img = $("image");
    img.src = picture;
    await img.decode().catch(() => {});
    if (mine !== seq) return;
    const j = info.body;
    img.width = j.width;
    img.height = j.height;
    img.alt = j.description || j.alt || "";
    $("stage").className = "stage" + (st.theme === "auto" ? "" : " " + st.theme);
    good = true;
    $("json-link").href = jsonURL;
    status(st, j, notes);
    if (st.mode === "scene") analysisText("A scene is not analysed: the analysis is for hands.");
    else if (!j.analysis) analysisText("A river is not analysed: the analysis is for hands.");
    else if (j.analysis.tienjiu) renderTienjiu(j.analysis.tienjiu, j, st.lang);
    else renderAnalysis(j.analysis, st);
    renderScore(st.mode !== "scene" && st.score ? j.score : null);
    writeSnippets(st, j);
    await renderEfficiency(st, j, mine);
    if (mine !== seq) return;
    $("playground").dataset.shown = query;
  }

  // -- the efficiency panel: the JSON view's acceptance table (?efficiency=1), with the visible tiles --

  // Whether the hand has a table: a mahjong hand one tile short of complete or one over (the analysis
  // gives it a shanten then), with no wilds (a table counts real tiles only).
  const hasTable = (st, j) => st.mode !== "scene" && j.analysis && !j.analysis.tienjiu && j.analysis.shanten != null &&
    !j.analysis.wilds;

  function efficiencyURL(st) {
    const q = new URLSearchParams([["efficiency", "1"]]);
    if (st.visible) q.set("visible", st.visible);
    return `${ORIGIN}/tiles/${encodeURIComponent(st.n)}.json?${q}`;
  }

  const accepted = (row) => `${row.kinds} kind${row.kinds === 1 ? "" : "s"}, ${row.tiles} tile${row.tiles === 1 ? "" : "s"}`;

  async function renderEfficiency(st, j, mine) {
    const panel = $("efficiency-panel");
    if (!hasTable(st, j)) {
      panel.hidden = true;
      return;
    }
    const address = efficiencyURL(st);
    const answer = await getJSON(address);
    if (mine !== seq) return;
    panel.hidden = false;
    $("efficiency-link").href = address;
    $("visible").removeAttribute("aria-invalid");
    if (!answer.ok || !answer.body || !answer.body.efficiency) {
      const err = errorOf(answer);
      if (err.param === "visible") $("visible").setAttribute("aria-invalid", "true");
      const where = err.param === "visible" && err.position != null ? `, column ${err.position + 1}` : "";
      $("efficiency-body").replaceChildren(el("p", { class: "problem", id: "efficiency-error" },
        `${err.param === "visible" ? "Visible tiles" + where + ": " : ""}${err.message.replace(/^visible: /, "")}`));
      return;
    }
    const t = answer.body.efficiency;
    const rows = t.discards || [{ tile: null, ...t }];
    const first = rows[0];
    const table = el("table", { id: "efficiency" },
      el("caption", {}, `Shanten ${t.shanten}` + (t.discards ? ": what each discard accepts, best first" : ": what the hand accepts")),
      el("thead", {}, el("tr", {}, ...["Discard", "Shanten", "Accepts", "Kinds and tiles left"].map((h) => el("th", { scope: "col" }, h)))));
    const body = el("tbody");
    for (const row of rows) {
      const best = row.tile != null && row.shanten === first.shanten && row.tiles === first.tiles;
      const codes = row.accepts.map((a) => `${a.tile}×${a.left}`).join(" ");
      const drawn = row.accepts.length
        ? el("span", { class: "tiles-row" }, tilesImg(row.accepts.map((a) => a.tile).join(""), codes), el("span", { class: "words" }, codes))
        : "none";
      body.append(el("tr", best ? { class: "best" } : {},
        el("th", { scope: "row" }, row.tile == null ? "draws" : row.tile, best ? " (best)" : ""),
        el("td", {}, String(row.shanten)), el("td", {}, drawn), el("td", {}, accepted(row))));
    }
    table.append(body);
    $("efficiency-body").replaceChildren(table);
  }

  // -- the score panel: what the card under the picture says, as text ------------

  const points = (p) => ("ron" in p ? p.ron.toLocaleString("en") : "all" in p.tsumo
    ? `${p.tsumo.all.toLocaleString("en")} all` : `${p.tsumo.others.toLocaleString("en")}-${p.tsumo.dealer.toLocaleString("en")}`);

  function total(s) {
    if ("fan" in s) return `${s.fan} fan` + (s.error ? ` · ${s.error}` : "");
    if (s.error === "no yaku") return "No yaku";
    if (!("han" in s)) return s.error;
    const value = s.limit ? s.limit[0].toUpperCase() + s.limit.slice(1) : `${s.han} han ${s.fu} fu`;
    return `${value} · ${points(s.points)}`;
  }

  function renderScore(score) {
    $("score-panel").hidden = !score;
    if (!score) return;
    const rows = [];
    if (score.waits) {
      for (const w of score.waits) rows.push(["Wait " + w.tile, `Ron ${total(w.ron)}; Tsumo ${total(w.tsumo)}`]);
    } else {
      for (const f of score.fans || []) rows.push([f.name, `${f.fan} fan` + (f.count > 1 ? ` ×${f.count}` : "")]);
      for (const y of score.yaku || []) rows.push([y.name, `${y.han} han`]);
      for (const f of score.fu_details || []) rows.push([f.reason, `${f.fu} fu`]);
      rows.push(["Total", total(score)]);
    }
    $("score-body").replaceChildren(el("dl", {}, ...rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])));
  }

  // Controls that depend on others; returns what it changed, for the status line.
  function sync() {
    const notes = [];
    const scene = document.querySelector("input[name=mode]:checked").value === "scene";
    $("tiles-input").hidden = scene;
    $("scene-input").hidden = !scene;
    document.querySelectorAll(".tiles-only").forEach((el) => { el.hidden = scene; });
    const svg = $("format").value === "svg";
    const auto = $("theme").querySelector("option[value=auto]");
    auto.disabled = !svg;
    if (!svg && $("theme").value === "auto") {
      $("theme").value = "light";
      notes.push("theme auto is for SVG only: light");
    }
    $("row").disabled = $("layout").value !== "river";
    $("rows").disabled = $("layout").value !== "efficiency";
    $("gap").disabled = $("layout").value === "river";
    $("exact").disabled = svg;
    return notes;
  }

  // -- problems -----------------------------------------------------------------

  function clearProblems() {
    for (const box of ["notation-error", "scene-error"]) $(box).replaceChildren();
    document.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
  }

  const el = (tag, props = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === "class") e.className = v;
      else if (k in e) e[k] = v;
      else e.setAttribute(k, v);
    }
    e.append(...kids.filter((k) => k != null));
    return e;
  };

  // The text and a caret under the character `col` (1-based), as `tiles lint` shows it.
  const caretBlock = (text, col) =>
    el("pre", {}, text, "\n", " ".repeat(col - 1), el("span", { class: "caret" }, "^"));

  function showProblem(st, err) {
    const scene = st.mode === "scene";
    const box = $(scene ? "scene-error" : "notation-error");
    const kept = good ? [el("p", { class: "kept" }, "The picture, the analysis and the snippets show the last good input.")] : [];
    const param = err.param && err.param !== "s" && err.param !== "n" ? err.param : null;
    if (param && $(param)) { // an option's value: named, and marked on its control
      $(param).setAttribute("aria-invalid", "true");
      const message = err.message.startsWith(`${param}: `) ? err.message.slice(param.length + 2) : err.message;
      box.append(el("p", {}, `${LABELS[param] || param}: ${message}`), ...kept);
      return;
    }
    if (scene) {
      $("scene").setAttribute("aria-invalid", "true");
      const m = /^(\d+):(\d+): ([\s\S]*)$/.exec(err.message);
      if (!m) {
        box.append(el("p", {}, err.message), ...kept);
        return;
      }
      const line = Number(m[1]), col = Number(m[2]);
      const text = st.s.split("\n")[line - 1] ?? "";
      const go = el("button", { type: "button" }, "Show in the editor");
      go.addEventListener("click", () => select($("scene"), line, col));
      box.append(el("p", {}, `Line ${line}, column ${col}: ${m[3]}`), caretBlock(text, col), go, ...kept);
      return;
    }
    $("notation").setAttribute("aria-invalid", "true");
    if (err.position == null) {
      box.append(el("p", {}, err.message), ...kept);
      return;
    }
    const col = err.position + 1; // the JSON's position is 0-based; `tiles lint` columns are 1-based
    box.append(el("p", {}, `Column ${col}: ${err.message}`), caretBlock(st.n, col), ...kept);
  }

  function select(area, line, col) {
    const lines = area.value.split("\n");
    let at = col - 1;
    for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    area.focus();
    area.setSelectionRange(at, at + 1);
  }

  // -- status, analysis ---------------------------------------------------------

  function status(st, j, notes) {
    const s = $("status");
    s.replaceChildren(`${j.width} × ${j.height} CSS px · ${j.description || j.alt}`);
    for (const w of j.warnings || []) {
      const where = w.position == null ? "" : `column ${w.position + 1}: `;
      s.append(" ", el("span", { class: "warning" }, `Warning, ${where}${w.message}.`));
    }
    for (const n of notes) s.append(" ", el("span", { class: "warning" }, `(${n})`));
  }

  function analysisText(text) {
    $("analysis-body").replaceChildren(el("p", { class: "hint" }, text));
  }

  function tileName(code) {
    if (code === "any" || code === "?") return "any tile";
    if (code === "j") return "joker";
    if (code === "x") return "face-down tile";
    const d = Number(code[0]), suit = code[1];
    if (suit === "z") return S.honorNames[d - 1];
    if (suit === "f") return S.bonusNames[d - 1];
    return d === 0 ? `5${suit} (red)` : code;
  }

  // "123m" -> ["1m", "2m", "3m"]; "any" stays one word
  const codesOf = (run) => (run === "any" ? ["any"] : [...run.slice(0, -1)].map((d) => d + run.slice(-1)));
  const tilesImg = (notation, alt) => el("img", { src: tileURL(notation), alt, loading: "lazy" });

  function renderAnalysis(a, st) {
    const dl = el("dl");
    const row = (term, ...dd) => dl.append(el("dt", {}, term), el("dd", {}, ...dd));
    row("Complete", a.complete ? "yes" : "no");
    const sh = a.shanten;
    row("Shanten", sh == null ? "not given: the concealed tiles are not a hand, nor one tile short of one"
      : sh === -1 ? "-1 (complete)" : sh === 0 ? "0 (tenpai)" : `${sh} (${sh} tile swap${sh > 1 ? "s" : ""} from tenpai)`);
    const waits = el("div", { class: "tiles-row", id: "waits" });
    for (const code of a.waits) {
      waits.append(el("div", { class: "wait" }, tilesImg(code, tileName(code)), el("span", { "aria-hidden": "true" }, code)));
    }
    row("Waits", a.waits.length ? waits : "none");
    if (a.wilds) {
      const kinds = st.wild ? `jokers and ${st.wild}` : "jokers";
      row("Wilds", `${a.wilds} concealed tile${a.wilds > 1 ? "s are" : " is"} wild (${kinds}); the splits show what each stands for`);
    }
    if (a.bonus && a.bonus.length) {
      row("Bonus", el("div", { class: "tiles-row" }, tilesImg(a.bonus.join(""), a.bonus.map(tileName).join(" ")),
        " set aside, not part of the hand"));
    }
    for (const w of a.warnings) row("Warning", w);
    const body = $("analysis-body");
    body.replaceChildren(dl);
    if (!a.splits.length) return;
    body.append(el("h3", {}, `Splits (${a.splits.length}${a.splits_truncated ? "+" : ""})`));
    const list = el("ol", { class: "splits", id: "splits" });
    for (const sp of a.splits.slice(0, MAX_SPLITS_SHOWN)) list.append(splitItem(sp));
    body.append(list);
    const more = a.splits.length - MAX_SPLITS_SHOWN;
    if (more > 0 || a.splits_truncated) body.append(el("p", { class: "hint" }, `More splits in the JSON.`));
  }

  const FORMS = { standard: "four sets and a pair", seven_pairs: "seven pairs", thirteen_orphans: "thirteen orphans" };

  // One split as tiles: each block a group, drawn as the tiles its wilds stand for ('?' for "any").
  // -- Tienjiu tiles: the JSON view's reading (service/analysis/paigow.py) -------------------

  /** A Pai Gow hand ({tiles, name, names, points} of the JSON view), drawn, with its name (in `lang`) and points. */
  function paiGowItem(label, h, names, lang) {
    const name = (h.names && h.names[lang]) || h.name;
    const text = `${label}${name}, ${h.points} point${h.points === 1 ? "" : "s"}`;
    const notation = h.tiles.map((c) => c.slice(0, 2)).join("") + "d";
    const alt = `${text}: ${h.tiles.map((c) => names[c] || c).join(" ")}`;
    return el("div", { class: "tiles-row paigow" }, tilesImg(notation, alt), el("span", { "aria-hidden": "true" }, text));
  }

  function renderTienjiu(t, j, lang) {
    const names = {}; // code -> the tile's name in the picture's lang, as the JSON view gives it
    for (const g of j.groups) for (const tile of g.tiles) if (tile.name) names[tile.code] = tile.name;
    const dl = el("dl", { id: "tienjiu" });
    const row = (term, ...dd) => dl.append(el("dt", {}, term), el("dd", {}, ...dd));
    row("Tiles", "Tienjiu tiles (Chinese dominoes): no mahjong hand");
    row("Key", `${t.key} (the product of the tiles' primes)`);
    row("Combinations", t.combinations.length ? t.combinations.map((c) => c.name).join(", ") : "none");
    const pg = t.pai_gow;
    if (pg && pg.best) {
      const item = (label, h) => paiGowItem(label, h, names, lang);
      row("Pai Gow, best split", item("High: ", pg.best.high), item("Low: ", pg.best.low));
      row("Pai Gow, house way", item("High: ", pg.house_way.high), item("Low: ", pg.house_way.low));
    } else if (pg) {
      row("Pai Gow hand", paiGowItem("", pg, names, lang));
    } else {
      row("Pai Gow", "two tiles make a hand, four a high and a low hand");
    }
    $("analysis-body").replaceChildren(dl);
  }

  function splitItem(sp) {
    const blocks = [], words = [];
    const add = (kind, tiles, called, wilds) => {
      const any = tiles === "any";
      blocks.push((called ? "-" : "") + (any ? "?".repeat(kind === "pair" ? 2 : 3) : tiles));
      const named = any ? `any ${kind}` : `${called ? "called " : ""}${kind} ${codesOf(tiles).map(tileName).join(" ")}`;
      words.push(wilds && !any ? `${named} (wild as ${wilds})` : named);
    };
    if (sp.form === "thirteen_orphans") {
      add("pair", sp.pair, false);
      blocks.push(sp.singles.join(""));
      words.push(`singles ${sp.singles.map(tileName).join(" ")}`);
    } else if (sp.form === "seven_pairs") {
      for (const p of sp.pairs) add("pair", p, false);
    } else {
      if (sp.pair) add("pair", sp.pair, false);
      for (const b of sp.sets) add(b.kind, b.tiles, b.called, b.wilds);
    }
    const text = `${FORMS[sp.form] || sp.form}: ${words.join("; ")}`;
    const item = el("li", { class: "split" }, tilesImg(blocks.join("+"), text), el("span", { class: "words", "aria-hidden": "true" }, text));
    if (sp.wilds && sp.wilds.length) {
      const real = sp.wilds.filter((w) => w !== "any");
      const anyCount = sp.wilds.length - real.length;
      const shown = real.join("") + "?".repeat(anyCount);
      const alt = sp.wilds.map(tileName).join(" ");
      item.append(el("span", { class: "words" }, "wilds as"), tilesImg(shown, `wilds as ${alt}`));
    }
    return item;
  }

  // -- snippets -----------------------------------------------------------------

  const attr = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const jsx = (v) => (v.includes('"') ? `{${JSON.stringify(v)}}` : `"${v}"`);

  // The score card's props when it is on: [name, value] (true: a flag), only those off their default.
  function scoreProps(st) {
    if (!st.score || st.layout === "river") return [];
    return SCORE_OPTIONS.filter(([id, def]) => st[id] !== def && st[id] !== "").map(([id]) => [id, st[id]]);
  }

  // The <Tiles> props this state asks for: [name, value] (true: a flag).
  function tagProps(st) {
    const out = [];
    if (st.layout === "river") {
      out.push(["river", true]);
      if (st.row && st.row !== DEF_ROW) out.push(["row", Number(st.row)]);
    }
    if (st.layout === "efficiency") {
      out.push(["efficiency", true]);
      if (st.rows) out.push(["rows", Number(st.rows)]);
      if (st.visible) out.push(["visible", st.visible]);
    }
    if (st.height && st.height !== DEF_HEIGHT) out.push(["height", Number(st.height)]);
    if (st.theme !== "light") out.push(["theme", st.theme]);
    if (st.format === "svg") out.push(["format", "svg"]);
    if (st.dora) out.push(["dora", st.dora]);
    if (st.ura) out.push(["ura", st.ura]);
    if (st.lang !== "en") out.push(["lang", st.lang]);
    if (st.index) out.push(["index", true]);
    if (st.wild) out.push(["wild", st.wild]);
    if (st.dialect) out.push(["dialect", st.dialect]);
    return out.concat(scoreProps(st).map(([k, v]) => [k, /^\d+$/.test(v) && !["double_wind_fu"].includes(k) ? Number(v) : v]));
  }

  // The options of Sphinx's `tiles` directive, in MyST and reST: TilesDirective.option_spec
  // (service/docs/sphinx_ext.py) less `caption`, which the playground does not set.
  const DIRECTIVE_OPTIONS = ["river", "row", "efficiency", "rows", "visible", "height", "theme", "format", "dora", "ura", "lang", "index",
    "dialect"];

  // What a tag or directive cannot say, and why.
  function tagLeftOut(st, directive) {
    const out = [];
    if (st.format === "webp") out.push("WebP (a tag draws PNG at 1x, 2x and 3x, or one SVG)");
    if (st.bg) out.push("the background (none: the page shows through)");
    if (st.layout !== "river" && st.gap !== "") out.push("gap");
    if (st.exact && st.format !== "svg") out.push("exact");
    if (directive) {
      for (const [k] of tagProps(st)) if (!DIRECTIVE_OPTIONS.includes(k)) out.push(k);
    }
    return out;
  }

  const sceneOptions = (st) => {
    const o = [];
    if (st.height && st.height !== DEF_HEIGHT) o.push(`height=${st.height}`);
    if (st.theme !== "light") o.push(`theme=${st.theme}`);
    if (st.lang !== "en") o.push(`lang=${st.lang}`);
    if (st.index) o.push("index");
    if (st.format === "svg") o.push("format=svg");
    if (st.bg) o.push(`bg=${st.bg.replace(/^#/, "")}`);
    return o.join(" ");
  };

  function densities(w, h, height, faces, index = false) {
    const fits = (d) => {
      const px = height * d;
      return px <= S.maxTilePx && Math.max(w * d, h * d) <= S.maxSide && w * d * h * d <= S.maxPixels &&
        faces <= (index ? S.maxFacesIndex : S.maxFaces)[px - S.minHeight];
    };
    const ok = S.densities.filter(fits);
    return ok.length ? ok : S.densities.slice(0, 1);
  }

  // Distinct faces the picture draws (code, lying, dimmed), as the service counts them: over a hand's
  // groups, or every tile of a scene (its dora strip and seats too).
  const facesOf = (j) => new Set((j.tiles || (j.groups || []).flatMap((g) => g.tiles)).map(
    (t) => `${t.code} ${Boolean(t.sideways)} ${Boolean(t.tsumogiri)}`)).size;

  function htmlSnippet(st, j) {
    const alt = j.description || j.alt || "";
    let src, srcset;
    if (st.format === "svg") {
      src = url(st, "svg", null);
      srcset = S.svgSrcSet.split("{src}").join(src);
    } else {
      const height = Number(st.height || DEF_HEIGHT);
      const ds = densities(j.width, j.height, height, facesOf(j), st.index);
      src = url(st, st.format, 1);
      srcset = ds.map((d) => `${url(st, st.format, d)} ${d}x`).join(", ");
    }
    return `<img src="${attr(src)}" srcset="${attr(srcset)}" width="${j.width}" height="${j.height}" alt="${attr(alt)}">`;
  }

  function writeSnippets(st, j) {
    const put = (id, text, note = "") => {
      const area = $(`snippet-${id}`);
      area.value = text;
      fit(area);
      $(`note-${id}`).textContent = note;
    };
    const left = (list) => (list.length ? `Left out (no such ${st.mode === "scene" ? "option" : "prop"}): ${list.join(", ")}.` : "");
    if (st.mode === "scene") {
      const opts = sceneOptions(st), sp = opts ? " " + opts : "";
      const fence = "```tiles-scene" + sp + "\n" + st.s + "\n```";
      const out = [];
      if (st.format === "webp") out.push("WebP (a block draws PNG at 1x, 2x and 3x, or one SVG)");
      if (st.exact && st.format !== "svg") out.push("exact");
      const note = left(out);
      put("mdx", fence, `remark-tiles draws this block in MDX pages (the <Tiles> component draws no scenes). ${note}`.trim());
      put("markdown", fence, note);
      put("myst", "```{tiles-scene}" + sp + "\n" + st.s + "\n```", note);
      put("rst", ".. tiles-scene::" + sp + "\n\n" + st.s.split("\n").map((l) => (l ? "   " + l : l)).join("\n"), note);
    } else {
      const props = tagProps(st);
      const tag = props.map(([k, v]) => (v === true ? ` ${k}` : typeof v === "number" ? ` ${k}={${v}}` : ` ${k}=${jsx(v)}`));
      put("mdx", `<Tiles notation=${jsx(st.n)}${tag.join("")} />`, left(tagLeftOut(st, false)));
      // the fence's words are the tag's props; numbers quoted, so no '}' ends the info string
      const words = props.map(([k, v]) => (v === true ? ` ${k}` : ` ${k}=${jsx(String(v))}`));
      put("markdown", "```tiles" + words.join("") + "\n" + st.n + "\n```", left(tagLeftOut(st, false)));
      const directive = props.filter(([k]) => DIRECTIVE_OPTIONS.includes(k) || SCORE_NAMES.has(k))
        .map(([k, v]) => (v === true ? `:${k}:` : `:${k}: ${v}`));
      const dirNote = left(tagLeftOut(st, true));
      put("myst", "```{tiles} " + st.n + "\n" + directive.map((d) => d + "\n").join("") + "```", dirNote);
      put("rst", ".. tiles:: " + st.n + directive.map((d) => "\n   " + d).join(""), dirNote);
    }
    put("html", htmlSnippet(st, j), st.format === "svg" ? "One SVG file: its #2x drawing is tuned for 2x screens."
      : "The densities the service draws for this size (its cost ceiling leaves out the others).");
    put("url", url(st, st.format, Number(st.scale) || 1),
      st.mode !== "scene" && st.wild ? "The wild kind changes only the analysis: it is in the JSON link, not in the picture's URL." : "");
  }

  // A snippet's field as tall as its wrapped text.
  function fit(area) {
    area.style.height = "auto";
    area.style.height = `${area.scrollHeight + 2}px`;
  }

  // -- copy ---------------------------------------------------------------------

  async function copy(button) {
    const area = $(button.dataset.copy);
    let ok = false;
    try {
      await navigator.clipboard.writeText(area.value);
      ok = true;
    } catch {
      area.focus();
      area.select();
      try { ok = document.execCommand("copy"); } catch { ok = false; }
    }
    const label = button.getAttribute("aria-label").replace(/^Copy /, "");
    button.textContent = ok ? "Copied" : "Ctrl+C";
    $("copied").textContent = ok ? `${label} copied` : `${label} selected: press Ctrl+C to copy`;
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  }

  // -- wiring -------------------------------------------------------------------

  function loadExample(which) {
    $("scene").value = EXAMPLES[which];
    const notes = [];
    if (which === "table" && Number($("scale").value) >= 2 && Number($("height").value || DEF_HEIGHT) > 30) {
      $("scale").value = "2"; // a whole table at 38 px is over the service's size limit at 2x
      $("height").value = "30";
      notes.push("height 30: a whole table at 2x is drawn up to 30 px a tile");
    }
    update().then(() => {
      for (const n of notes) $("status").append(" ", el("span", { class: "warning" }, `(${n})`));
    });
  }

  restore();
  for (const input of document.querySelectorAll("main input, main select, #scene")) {
    input.addEventListener("input", schedule);
    input.addEventListener("change", schedule);
  }
  $("load-problem").addEventListener("click", () => loadExample("problem"));
  $("load-table").addEventListener("click", () => loadExample("table"));
  document.querySelectorAll("button[data-example]").forEach((b) => b.addEventListener("click", () => {
    document.querySelector("input[name=mode][value=tiles]").checked = true;
    $("notation").value = HAND_EXAMPLES[b.dataset.example];
    update();
  }));
  document.querySelectorAll("button[data-copy]").forEach((b) => b.addEventListener("click", () => copy(b)));
  addEventListener("resize", () => document.querySelectorAll(".snippet textarea").forEach(fit));
  update();
})();
