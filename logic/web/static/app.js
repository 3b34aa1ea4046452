// ruling workbench: the page. Every verdict comes from the server (the same library calls
// as the CLI); this file only builds requests (the case text) and draws the JSON.
// User text is inserted with textContent only, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  name: "<ruleset>",          // the editor's file name, used in citations
  parsed: null,               // the last successful /api/parse answer
  parsedFor: null,            // the editor's file name it was for
  errLine: null,              // the line of the current parse error
  hl: new Set(),              // lines highlighted by a finding or a citation
  hover: null,                // the line under a hovered meaning
  night: { title: "a night at the workbench", players: [], phases: [], expect: [] },
  caseName: "<case>",
  obsName: "<obs>",
};

// ------------------------------------------------------------------ helpers
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (k === "style") e.style.cssText = v;  // CSSOM, allowed by the page's CSP
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return e;
}
function clear(node, ...kids) { node.replaceChildren(...kids.flat(Infinity).filter((k) => k)); }
function debounce(fn, ms) {
  let t = null;
  return (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); };
}
const NO_ANSWER = "the server did not answer (is `ruling serve` still running?)";
// A failed answer's error in words: what the server said, else what its status means.
async function failureOf(r) {
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (data && data.error) return data.error;
  const what = r.status >= 500 ? "the server failed (a bug in ruling)" : "the server refused the request";
  return { message: `${what}: HTTP ${r.status}, with no explanation` };
}
async function post(path, body) {
  let r;
  try {
    r = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (e) { return { status: 0, ok: false, data: { error: { message: NO_ANSWER } } }; }
  if (!r.ok) return { status: r.status, ok: false, data: { error: await failureOf(r) } };
  let data = null;
  try { data = await r.json(); } catch (e) { return { status: 0, ok: false, data: { error: { message: `the server's answer is not JSON (HTTP ${r.status})` } } }; }
  return { status: r.status, ok: r.ok, data };
}
async function getJSON(path) { const r = await fetch(path); return r.json(); }
function pct(n, total) { return total ? Math.round((100 * n) / total) : 0; }
function fmt(n) { return n === null || n === undefined ? "?" : Number(n).toLocaleString("en-US"); }
function errorBox(err) {
  return el("div", { class: "err-box" }, err.rendered || err.message || String(err));
}
function busy(id, on, text) {
  const p = $(id);
  p.classList.toggle("busy", on);
  p.textContent = text || "";
}

// ------------------------------------------------------------------ editor
const rules = $("rules-text");
function lineCount() { return rules.value.split("\n").length; }
function drawEditor() {
  const lines = rules.value.split("\n");
  const gut = [], back = [];
  lines.forEach((text, i) => {
    const n = i + 1;
    const cls = [];
    if (n === state.errLine) cls.push("err");
    if (state.hl.has(n)) cls.push("hl");
    if (n === state.hover) cls.push("hover");
    gut.push(el("div", { class: n === state.errLine ? "err" : null, dataset: { line: n } }, n));
    back.push(el("div", { class: cls.join(" ") || null }, text || " "));
  });
  clear($("gutter"), gut);
  clear($("backdrop"), back);
  syncScroll();
}
function syncScroll() {
  $("backdrop").scrollTop = rules.scrollTop;
  $("backdrop").scrollLeft = rules.scrollLeft;
  $("gutter").scrollTop = rules.scrollTop;
}
function goToLine(n) {
  const lines = rules.value.split("\n");
  let start = 0;
  for (let i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[n - 1] || "").length;
  rules.focus();
  rules.setSelectionRange(start, end);
  rules.scrollTop = Math.max(0, (n - 5) * 18);
  syncScroll();
}
function caretLine() { return rules.value.slice(0, rules.selectionStart).split("\n").length; }
function markCurrent() {
  const n = caretLine();
  for (const li of document.querySelectorAll("#meanings li[data-line]")) {
    li.classList.toggle("current", Number(li.dataset.line) === n);
  }
}
function highlight(lines) { state.hl = new Set(lines); drawEditor(); }
function citedLine(at) {
  // "metadata-mafia.rules:60" -> 60 when it cites the editor's file
  const m = /^(.*):(\d+)$/.exec(at || "");
  return m && m[1] === state.name ? Number(m[2]) : null;
}
function cite(w) {
  if (w.kind === "axiom") return el("li", { class: "axiom" }, w.text);
  const line = citedLine(w.at);
  const at = el("span", {
    class: "cite", title: "show in the editor",
    onclick: () => { if (line) { highlight([line]); goToLine(line); } },
  }, w.at);
  return el("li", {}, at, " ", w.text);
}

async function parseNow() {
  const text = rules.value;
  const { status, data } = await post("/api/parse", { ruleset: text, name: state.name });
  if (text !== rules.value) return;  // the user typed on; a newer parse follows
  const box = $("parse-status");
  if (status === 200) {
    state.parsed = data;
    state.parsedFor = state.name;
    state.errLine = null;
    box.className = "status ok";
    clear(box, `parsed: ${data.roles.length} roles in ${data.factions.length} factions`);
    $("understood-of").textContent = ` of ${data.name}`;
    $("understood-of").dataset.ruleset = data.name;
    drawMeanings(data.meanings);
    refreshNightForm();
  } else {
    const err = data.error || {};
    const located = status === 422 && err.line;
    // a typo in the ruleset being edited keeps its last reading beside it; anything else
    // (another ruleset, a server that failed) leaves nothing of a ruleset not shown
    if (!(located && state.parsedFor === state.name)) forgetParsed();
    state.errLine = err.line || null;
    box.className = "status";
    const where = err.line ? `${err.file}:${err.line}:${err.column}` : "";
    const head = where ? `line ${err.line}, column ${err.column}: `
      : status === 422 ? "error: " : `could not read ${state.name}: `;
    clear(box,
      el("div", {
        id: "parse-error", dataset: { line: err.line || "", column: err.column || "", status },
        title: "go to the error", onclick: () => { if (err.line) goToLine(err.line); },
      },
        el("strong", {}, head), err.message),
      el("pre", {}, err.rendered || ""));
  }
  drawEditor();
}
function forgetParsed() {
  state.parsed = null;
  state.parsedFor = null;
  $("understood-of").textContent = "";
  delete $("understood-of").dataset.ruleset;
  clear($("meanings"), el("li", { class: "note", id: "meanings-none" }, "nothing: this ruleset has not been read"));
  refreshNightForm();
}
const parseSoon = debounce(parseNow, 350);
function drawMeanings(meanings) {
  const items = meanings.map((m) => {
    if (m.line === null) return m.text ? el("li", { class: m.depth ? "note" : "head", style: `padding-left:${4 + 12 * m.depth}px` }, m.text) : null;
    return el("li", {
      dataset: { line: m.line, depth: m.depth }, style: `padding-left:${14 + 12 * m.depth}px`,
      onmouseenter: () => { state.hover = m.line; drawEditor(); },
      onmouseleave: () => { state.hover = null; drawEditor(); },
      onclick: () => goToLine(m.line),
    }, m.text, el("span", { class: "at" }, `line ${m.line}`));
  });
  clear($("meanings"), items);
  markCurrent();
}
rules.addEventListener("input", () => { drawEditor(); parseSoon(); });
rules.addEventListener("scroll", syncScroll);
for (const ev of ["keyup", "click"]) rules.addEventListener(ev, markCurrent);

function setRuleset(text, name) {
  if (name !== state.name) {  // what was shown for the previous ruleset goes with it
    for (const id of ["night-result", "check-result", "ask-result", "solve-result"]) clear($(id));
  }
  state.name = name;
  $("ruleset-name").textContent = name;
  rules.value = text;
  state.hl = new Set();
  drawEditor();
  reading(name);
  return parseNow();
}
function reading(name) {
  // the status is the new ruleset's from the moment it is chosen: "parsed" said of the
  // one before would be a lie while its file is fetched and read
  const box = $("parse-status");
  box.className = "status";
  clear(box, `reading ${name}…`);
}

// ------------------------------------------------------------------ casebook
let casebook = [];
async function loadCasebook() {
  const data = await getJSON("/api/casebook");
  casebook = data.files;
  const rs = $("ruleset-select");
  clear(rs, el("option", { value: "" }, "(choose)"),
    casebook.filter((f) => f.kind === "rules").map((f) => el("option", { value: f.path }, f.path)));
  const cs = $("case-select");
  clear(cs, el("option", { value: "" }, "(new night)"),
    casebook.filter((f) => f.kind === "case").map((f) => el("option", { value: f.path }, f.path)));
  const os = $("obs-select");
  clear(os, el("option", { value: "" }, "(type your own)"),
    casebook.filter((f) => f.kind === "obs").map((f) => el("option", { value: f.path }, f.path)));
}
async function openCasebookFile(path) {
  return getJSON(`/api/casebook/${path.split("/").map(encodeURIComponent).join("/")}`);
}
$("ruleset-select").addEventListener("change", async (e) => {
  if (!e.target.value) return;
  reading(e.target.value);
  const f = await openCasebookFile(e.target.value);
  await setRuleset(f.text, f.name);
});
$("ruleset-file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  $("ruleset-select").value = "";
  await setRuleset(await file.text(), file.name);
});
$("ruleset-save").addEventListener("click", () => {
  const url = URL.createObjectURL(new Blob([rules.value], { type: "text/plain" }));
  const a = el("a", { href: url, download: state.name.replace(/^<|>$/g, "") || "ruleset.rules" });
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});

// ------------------------------------------------------------------ tabs
function showTab(name) {
  for (const b of document.querySelectorAll(".tabs button")) b.classList.toggle("active", b.dataset.tab === name);
  for (const p of document.querySelectorAll(".panel")) p.classList.toggle("active", p.id === `tab-${name}`);
}
for (const b of document.querySelectorAll(".tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));

// ------------------------------------------------------------------ night form
const VERBS = ["targets", "kills", "uses", "votes", "nothing"];
const VERB_LABEL = { targets: "targets", kills: "kills", uses: "uses", votes: "votes", nothing: "does nothing" };
function roleNames() { return state.parsed ? state.parsed.roles.map((r) => r.name) : []; }
function abilitiesOf(player) {
  const p = state.night.players.find((x) => x.name === player);
  const r = p && state.parsed && state.parsed.roles.find((x) => x.name.toLowerCase() === p.role.toLowerCase());
  return r ? r.abilities : [];
}
function word(s) { return /^[A-Za-z][A-Za-z0-9_ -]*$/.test(s) ? s : `"${s.replace(/"/g, "")}"`; }
function caseText() {
  const n = state.night;
  const out = [`case "${n.title.replace(/"/g, "'")}"`];
  if (n.players.length) {
    out.push("  players: " + n.players.map((p) => `${p.name} is ${word(p.role)}${p.faction ? ` (${p.faction})` : ""}`).join(", "));
  }
  for (const ph of n.phases) {
    out.push(`  ${ph.kind} ${ph.number}:`);
    for (const l of ph.lines) {
      const [t1, t2] = l.targets;
      const both = t1 ? ` ${t1}` + (t2 ? ` and ${t2}` : "") : "";
      let s;
      if (l.verb === "targets") s = `${l.actor} targets${both}`;
      else if (l.verb === "kills") s = `${l.actor} kills ${t1 || ""}`;
      else if (l.verb === "uses") s = `${l.actor} uses ${word(l.ability || "")}` + (t1 ? ` on${both}` : "");
      else if (l.verb === "votes") s = t1 ? `${l.actor} votes ${t1}` : `${l.actor} votes no one`;
      else s = `${l.actor} does nothing`;
      out.push(`    ${s.trim()}`);
    }
  }
  if (n.expect.length) {
    out.push("  expect:");
    for (const e of n.expect) out.push(`    ${e}`);
  }
  return out.join("\n") + "\n";
}
function syncCaseText() { $("case-text").value = caseText(); }
function select(options, value, onchange, attrs) {
  const s = el("select", attrs || {}, options.map((o) => {
    const [v, label] = Array.isArray(o) ? o : [o, o];
    return el("option", { value: v, selected: v === value }, label);
  }));
  s.addEventListener("change", () => onchange(s.value));
  return s;
}
function refreshNightForm() {
  const n = state.night;
  const names = n.players.map((p) => p.name);
  const roles = roleNames();
  const rows = n.players.map((p, i) => el("span", { class: "chip" },
    el("input", {
      value: p.name, size: 8, "aria-label": "player name",
      onchange: (e) => { p.name = e.target.value.trim() || p.name; refreshNightForm(); },
    }),
    " is ",
    select(roles.includes(p.role) || !p.role ? roles : [p.role, ...roles], p.role,
      (v) => { p.role = v; refreshNightForm(); }, { "aria-label": `role of ${p.name}` }),
    el("button", { type: "button", class: "x", title: "remove", onclick: () => { n.players.splice(i, 1); refreshNightForm(); } }, "×"),
  ));
  clear($("players"), rows);
  const phases = n.phases.map((ph, k) => {
    const lines = ph.lines.map((l, j) => {
      const targets = [["", "—"], ...names.map((x) => [x, x])];
      const parts = [
        select(names.includes(l.actor) ? names : [l.actor, ...names], l.actor, (v) => { l.actor = v; refreshNightForm(); }, { "aria-label": "actor" }),
        select(VERBS.map((v) => [v, VERB_LABEL[v]]), l.verb, (v) => { l.verb = v; refreshNightForm(); }, { "aria-label": "verb" }),
      ];
      if (l.verb === "uses") {
        const abs = abilitiesOf(l.actor);
        parts.push(select(abs.includes(l.ability) || !l.ability ? abs : [l.ability, ...abs], l.ability || abs[0] || "", (v) => { l.ability = v; syncCaseText(); }, { "aria-label": "ability" }));
        if (!l.ability) l.ability = abs[0] || "";
        parts.push("on");
      }
      if (l.verb !== "nothing") {
        parts.push(select(targets, l.targets[0] || "", (v) => { l.targets[0] = v; if (!v) l.targets.length = 0; refreshNightForm(); }, { "aria-label": "target" }));
        if ((l.verb === "targets" || l.verb === "uses") && l.targets[0]) {
          parts.push("and", select(targets, l.targets[1] || "", (v) => { if (v) l.targets[1] = v; else l.targets.length = 1; syncCaseText(); }, { "aria-label": "second target" }));
        }
      }
      parts.push(el("button", { type: "button", class: "x", title: "remove", onclick: () => { ph.lines.splice(j, 1); refreshNightForm(); } }, "×"));
      return el("div", { class: "line" }, parts);
    });
    return el("div", { class: "phase" },
      el("div", { class: "head" }, `${ph.kind} ${ph.number}`,
        el("button", { type: "button", onclick: () => { ph.lines.push({ actor: names[0] || "", verb: ph.kind === "day" ? "votes" : "targets", targets: [] }); refreshNightForm(); } }, "+ action"),
        el("button", { type: "button", class: "x", title: "remove this phase", onclick: () => { n.phases.splice(k, 1); refreshNightForm(); } }, "×")),
      lines);
  });
  clear($("phases"), phases);
  syncCaseText();
}
function freshName() {
  const pool = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"];
  const used = new Set(state.night.players.map((p) => p.name));
  return pool.find((x) => !used.has(x)) || `P${state.night.players.length + 1}`;
}
$("add-player").addEventListener("click", () => {
  const roles = roleNames();
  state.night.players.push({ name: freshName(), role: roles[state.night.players.length % Math.max(1, roles.length)] || "", faction: null });
  refreshNightForm();
});
function addPhase(kind) {
  const nums = state.night.phases.filter((p) => p.kind === kind).map((p) => p.number);
  state.night.phases.push({ kind, number: nums.length ? Math.max(...nums) + 1 : 1, lines: [] });
  refreshNightForm();
}
$("add-night").addEventListener("click", () => addPhase("night"));
$("add-day").addEventListener("click", () => addPhase("day"));

function useCase(c) {
  state.night = {
    title: c.title || "a night at the workbench",
    players: c.players.map((p) => ({ ...p })),
    phases: c.phases.map((ph) => ({ kind: ph.kind, number: ph.number, lines: ph.lines.map((l) => ({ ...l, targets: [...l.targets] })) })),
    expect: [...c.expectations],
  };
  refreshNightForm();
}
let loadedCases = [];
async function loadCaseText(text, name) {
  state.caseName = name || "<case>";
  const { status, data } = await post("/api/case", { scenario: text, name: state.caseName });
  if (status !== 200) {
    clear($("night-result"), errorBox(data.error));
    return false;
  }
  loadedCases = data.cases;
  const pick = $("case-pick");
  $("case-pick-label").hidden = loadedCases.length < 2;
  clear(pick, loadedCases.map((c, i) => el("option", { value: i }, c.title)));
  if (loadedCases.length) useCase(loadedCases[0]);
  return true;
}
$("case-pick").addEventListener("change", (e) => useCase(loadedCases[Number(e.target.value)]));
$("case-select").addEventListener("change", async (e) => {
  clear($("night-result"));
  if (!e.target.value) {
    state.night = { title: "a night at the workbench", players: [], phases: [], expect: [] };
    refreshNightForm();
    return;
  }
  const f = await openCasebookFile(e.target.value);
  await loadCaseText(f.text, f.name);
});
$("case-text").addEventListener("input", debounce(async () => {
  const text = $("case-text").value;
  const { status, data } = await post("/api/case", { scenario: text, name: state.caseName });
  if (status === 200 && data.cases.length && $("case-text").value === text) {
    const c = data.cases[0];
    state.night = { title: c.title || state.night.title, players: c.players, phases: c.phases, expect: c.expectations };
    const keep = $("case-text").value;
    refreshNightForm();
    $("case-text").value = keep;
  }
}, 500));
$("copy-case").addEventListener("click", async () => {
  const text = $("case-text").value;
  $("case-details").open = true;
  try { await navigator.clipboard.writeText(text); $("copy-status").textContent = "copied"; }
  catch (e) { $("case-text").select(); $("copy-status").textContent = "selected: press Ctrl-C"; }
  setTimeout(() => { $("copy-status").textContent = ""; }, 2500);
});

// ------------------------------------------------------------------ outcomes
function drawResolution(res, into) {
  const differs = new Set(res.differing);
  const head = el("div", { class: "row" }, el("strong", {}, res.case), el("span", { class: `verdict ${res.verdict}`, id: "night-verdict" }, res.verdict));
  const parts = [head];
  if (res.timed_out) parts.push(el("div", { class: "dim" }, res.timed_out));
  const outs = res.outcomes.map((phases, i) => el("div", { class: "outcome" },
    res.outcomes.length > 1 ? el("h4", {}, `outcome ${i + 1} of ${res.outcomes.length}`) : null,
    phases.map((po) => [
      el("div", { class: "dim" }, po.phase),
      po.assumptions.map((a) => el("div", { class: "dim" }, `assumption: ${a}`)),
      el("ul", { class: "atoms" }, po.atoms.map((a) => el("li", {
        class: differs.has(`${po.phase}: ${a.atom}`) ? "differs" : null, dataset: { atom: a.atom },
      }, el("span", { class: "atom" }, a.atom), el("ul", { class: "because" }, a.because.map(cite))))),
    ])));
  if (outs.length) parts.push(el("div", { class: "outcomes" }, outs));
  if (res.differing.length) {
    parts.push(el("div", {}, el("strong", {}, "atoms that differ between outcomes: "), res.differing.join("; ")));
  }
  for (const px of res.paradoxes) {
    parts.push(el("div", { class: "finding" }, el("strong", {}, `${px.phase}: no outcome satisfies these sentences together`),
      el("ul", { class: "because" }, px.core.map(cite))));
  }
  if (res.expectations && res.expectations.length) {
    parts.push(el("h3", {}, "expectations"), el("ul", {}, res.expectations.map((e) => el("li", { class: e.passed ? "expect-pass" : "expect-fail" },
      e.passed ? "✓ " : "✗ ", e.expected, e.passed ? "" : ` (but ${e.gave})`))));
  }
  into.append(el("div", { class: "resolution" }, parts));
}
async function resolveNight() {
  const out = $("night-result");
  clear(out, el("span", { class: "progress busy" }, "resolving…"));
  $("resolve-btn").disabled = true;
  try {
    const { status, data } = await post("/api/resolve", {
      ruleset: rules.value, name: state.name, scenario: $("case-text").value,
      scenario_name: state.caseName, framework: $("framework").value,
      timeout: Number($("resolve-timeout").value) || 10,
    });
    clear(out);
    if (status !== 200) { out.append(errorBox(data.error)); return; }
    for (const r of data.results) drawResolution(r, out);
  } finally { $("resolve-btn").disabled = false; }
}
$("resolve-btn").addEventListener("click", resolveNight);

async function openWitness(text, sentences) {
  if (sentences) highlight(sentences.map((w) => citedLine(w.at)).filter((x) => x));
  $("case-select").value = "";
  state.caseName = "<witness>";
  if (await loadCaseText(text, "<witness>")) {
    showTab("night");
    await resolveNight();
  }
}

// ------------------------------------------------------------------ check
const KINDS = ["contradiction", "paradox", "ambiguous", "dead rule", "redundant ruling", "gap"];
clear($("check-kinds"), KINDS.map((k) => el("label", {}, el("input", { type: "checkbox", value: k, checked: true }), k)));
function drawFinding(f, n) {
  return el("div", { class: "finding", dataset: { kind: f.kind } },
    el("div", {}, el("strong", {}, `${n}. ${f.summary}`)),
    f.differing.length ? el("div", {}, "outcomes differ in: ", f.differing.join("; ")) : null,
    f.sentences.length ? el("ul", { class: "because" }, f.sentences.map(cite)) : null,
    f.witness ? [
      el("pre", { class: "witness" }, f.witness),
      el("button", { type: "button", class: "open-witness", onclick: () => openWitness(f.witness, f.sentences) }, "open witness in the night panel"),
    ] : null,
    f.sentences.length ? el("button", { type: "button", onclick: () => { const ls = f.sentences.map((w) => citedLine(w.at)).filter((x) => x); highlight(ls); if (ls.length) goToLine(ls[0]); } }, "highlight its sentences") : null);
}
function drawCheck(rep, out) {
  const parts = [el("div", { class: "row" },
    el("span", { id: "check-summary" }, `${rep.findings.length} finding${rep.findings.length === 1 ? "" : "s"}`),
    el("span", { class: "dim" }, `${rep.players} players, ${rep.nights} night(s); ${rep.queries} solver queries in ${rep.seconds.toFixed(1)} s`))];
  if (!rep.findings.length) parts.push(el("div", { class: "status ok" }, "no findings"));
  let n = 0;
  for (const kind of KINDS) {
    const fs = rep.findings.filter((f) => f.kind === kind);
    if (!fs.length) continue;
    parts.push(el("details", { class: "kind", open: true }, el("summary", {}, `${kind} (${fs.length})`), fs.map((f) => drawFinding(f, ++n))));
  }
  for (const u of rep.unknown) parts.push(el("div", { class: "verdict unknown" }, u));
  for (const s of rep.skipped) parts.push(el("div", { class: "dim" }, `not checked: ${s}`));
  clear(out, parts);
}
$("check-btn").addEventListener("click", async () => {
  const out = $("check-result");
  clear(out);
  $("check-btn").disabled = true;
  busy("check-progress", true, "checking…");
  try {
    const kinds = [...document.querySelectorAll("#check-kinds input:checked")].map((i) => i.value);
    let r;
    try {
      r = await fetch("/api/check", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          ruleset: rules.value, name: state.name, framework: $("framework").value, kinds,
          players: Number($("check-players").value), nights: Number($("check-nights").value),
          timeout: Number($("check-timeout").value) || 10,
        }),
      });
    } catch (e) { out.append(errorBox({ message: NO_ANSWER })); return; }
    if (!r.ok) { out.append(errorBox(await failureOf(r))); return; }
    const reader = r.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const msg = JSON.parse(buf.slice(0, i));
        buf = buf.slice(i + 1);
        if (msg.progress) busy("check-progress", true, msg.progress);
        if (msg.error) out.append(errorBox(msg.error));
        if (msg.result) drawCheck(msg.result, out);
      }
    }
  } finally {
    $("check-btn").disabled = false;
    busy("check-progress", false, "");
  }
});

// ------------------------------------------------------------------ ask
function briefOutcomes(title, res) {
  if (!res) return null;
  const keep = new Set(["dies", "fails", "roleblocked", "learns"]);
  return el("div", {}, el("strong", {}, `${title}: `), el("span", { class: `verdict ${res.verdict}` }, res.verdict),
    el("ul", {}, res.outcomes.map((phases, k) => el("li", {}, `outcome ${k + 1}: `,
      phases.flatMap((po) => po.atoms.filter((a) => keep.has(a.kind)).map((a) => a.atom)).join(", ") || "(nothing happens)"))));
}
$("ask-btn").addEventListener("click", async () => {
  const out = $("ask-result");
  clear(out);
  $("ask-btn").disabled = true;
  busy("ask-progress", true, "thinking about the ruling…");
  try {
    const { status, data } = await post("/api/ask", {
      ruleset: rules.value, name: state.name, ruling: $("ask-ruling").value,
      players: Number($("ask-players").value), timeout: Number($("ask-timeout").value) || 10,
      ambiguity: $("ask-ambiguity").checked,
    });
    if (status !== 200) { out.append(errorBox(data.error)); return; }
    const parts = [el("div", { class: "row" }, "verdict: ", el("span", { class: `verdict ${data.verdict}`, id: "ask-verdict" }, data.verdict))];
    if (data.note) parts.push(el("div", { class: "dim" }, data.note));
    if (data.because.length) {
      parts.push(el("div", {}, data.verdict === "entailed" ? "it follows from:" : "it cannot hold together with:"),
        el("ul", { class: "because" }, data.because.map(cite)));
    }
    if (data.witness) {
      parts.push(el("div", {}, "witness:"), el("pre", { class: "case" }, data.witness),
        el("button", { type: "button", id: "ask-open-witness", onclick: () => openWitness(data.witness, data.because) }, "open witness in the night panel"));
    }
    parts.push(briefOutcomes("under the rules alone", data.without), briefOutcomes("with the ruling", data.with));
    for (const [t, items] of [["settles the ambiguity of", data.settles_ambiguity], ["creates an ambiguity", data.creates_ambiguity], ["leaves ambiguous", data.leaves_ambiguous]]) {
      for (const it of items) parts.push(el("div", {}, `${t}: ${it}`));
    }
    for (const u of data.unknown) parts.push(el("div", { class: "verdict unknown" }, u));
    clear(out, parts);
  } finally {
    $("ask-btn").disabled = false;
    busy("ask-progress", false, "");
  }
});

// ------------------------------------------------------------------ draft
$("draft-file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (file) $("draft-text").value = await file.text();
});
$("draft-btn").addEventListener("click", async () => {
  const out = $("draft-result");
  clear(out);
  $("draft-btn").disabled = true;
  busy("draft-progress", true, "reading the post…");
  try {
    const { status, data } = await post("/api/draft", { post: $("draft-text").value, name: "post.txt" });
    if (status !== 200) { out.append(errorBox(data.error)); return; }
    const factions = Object.entries(data.factions);
    clear(out,
      el("div", { id: "draft-summary" }, `${fmt(data.sentences)} sentences: ${fmt(data.read)} read, `,
        data.not_modelled ? `${fmt(data.not_modelled)} not modelled (the mechanic named), ` : "",
        `${fmt(data.unread)} unread`,
        data.untried ? ` (${fmt(data.untried)} not tried)` : ""),
      el("div", {}, `roles found: ${data.roles.length}`),
      el("ul", {}, factions.map(([f, roles]) => el("li", {}, `${f} (${roles.length}): ${roles.join(", ")}`))),
      el("button", { type: "button", id: "draft-load", class: "primary",
        onclick: () => setRuleset(data.ruleset, "draft.rules") }, "load the draft into the editor"));
  } finally {
    $("draft-btn").disabled = false;
    busy("draft-progress", false, "");
  }
});

// ------------------------------------------------------------------ solve
const FACTION_COLOURS = ["#b3261e", "#2f5d9b", "#1e7b3a", "#9a6700", "#7b3fa0", "#00798c"];
function heatColour(p) {
  // white -> deep blue
  const a = Math.max(0, Math.min(1, p));
  const c = (x, y) => Math.round(x + (y - x) * a);
  return `rgb(${c(255, 24)}, ${c(255, 72)}, ${c(255, 150)})`;
}
function drawSolve(res, out) {
  const parts = [];
  parts.push(el("div", { class: "row" }, el("span", { class: `verdict ${res.status}`, id: "solve-status" }, res.status), res.title || ""));
  parts.push(el("details", {}, el("summary", {}, "assumptions"), el("ul", {}, res.assumptions.map((a) => el("li", {}, a)))));
  if (res.status === "unknown") {
    parts.push(el("div", { class: "count" }, res.unknown || "unknown"));
    if (res.bounds) parts.push(el("div", {}, `the count lies between ${fmt(res.bounds[0])} and ${fmt(res.bounds[1])}`));
    clear(out, parts);
    return;
  }
  if (res.status === "unsat") {
    parts.push(el("div", { class: "count", id: "solve-count", dataset: { worlds: 0 } }, "no world is consistent with these observations; these cannot all hold:"),
      el("ul", {}, res.core.map(cite)));
    clear(out, parts);
    return;
  }
  const worlds = res.worlds;
  if (res.sample) {
    const s = res.sample;
    parts.push(el("div", { class: "count", id: "solve-count", dataset: { worlds: Math.round(s.estimate) } },
      "about ", el("strong", {}, fmt(Math.round(s.estimate))), ` consistent worlds (95% interval ${fmt(Math.round(s.interval95[0]))} to ${fmt(Math.round(s.interval95[1]))}); ${s.consistent} of ${s.draws} draws consistent`));
  } else {
    parts.push(el("div", { class: "count", id: "solve-count", dataset: { worlds } },
      el("strong", {}, fmt(worlds)), ` consistent worlds of ${fmt(res.setups)} role assignments`));
  }
  if (!worlds) { clear(out, parts); return; }
  // the heatmap: players x roles, in the pool's order, roles nobody can hold left out
  const seen = new Set();
  for (const p of res.players) for (const r of Object.keys(res.roles[p] || {})) seen.add(r);
  const roles = [...(res.pool || []).filter((r) => seen.has(r)), ...[...seen].filter((r) => !(res.pool || []).includes(r)).sort()];
  const certain = res.certain || {};
  const head = el("tr", {}, el("th", {}, ""), roles.map((r) => el("th", { scope: "col" }, r)));
  const rows = res.players.map((p) => el("tr", { class: certain[p] ? "certain" : null, dataset: { player: p } },
    el("th", { scope: "row", title: certain[p] ? `certain: ${certain[p]}` : "" }, certain[p] ? `${p} ✓` : p),
    roles.map((r) => {
      const n = (res.roles[p] || {})[r] || 0;
      const v = n / worlds;
      return el("td", {
        class: n === worlds ? "certain" : null, title: `${p} is ${r}: ${(100 * v).toFixed(1)}%`,
        style: `background:${heatColour(Math.sqrt(v))};color:${v > 0.3 ? "#fff" : "#1d1d1f"}`,
      }, n ? `${pct(n, worlds)}` : "");
    })));
  parts.push(el("h3", {}, "probability of each role (%)"), el("table", { class: "heat", id: "heatmap" }, el("thead", {}, head), el("tbody", {}, rows)));
  const certainList = Object.entries(certain);
  if (certainList.length) parts.push(el("div", { id: "certain" }, "certain: ", certainList.map(([p, x]) => `${p} is ${x}`).join(", ")));
  // faction bars
  const factions = res.faction_order || [];
  parts.push(el("h3", {}, "factions"),
    el("div", { class: "legend" }, factions.map((f, i) => el("span", {}, el("i", { style: `background:${FACTION_COLOURS[i % FACTION_COLOURS.length]}` }), f))),
    el("div", { class: "bars", id: "faction-bars" }, res.players.map((p) => el("div", { class: "bar-row" },
      el("span", { class: "label" }, p),
      el("div", { class: "bar" }, factions.map((f, i) => {
        const n = (res.factions[p] || {})[f] || 0;
        return el("span", { title: `${f} ${pct(n, worlds)}%`, style: `width:${(100 * n) / worlds}%;background:${FACTION_COLOURS[i % FACTION_COLOURS.length]}` });
      })),
      el("span", { class: "dim" }, factions.map((f) => `${f} ${pct((res.factions[p] || {})[f] || 0, worlds)}%`).join(" · "))))));
  if (res.examples.length) {
    parts.push(el("h3", {}, "example worlds"), el("ol", {}, res.examples.map((w) => el("li", {}, Object.entries(w).map(([p, r]) => `${p} ${r}`).join(", ")))));
  }
  if (res.suggest) {
    const max = Math.max(1e-9, ...res.suggest.map((t) => t.gain_bits || 0));
    parts.push(el("h3", {}, "tonight's targets, by expected information gain (bits)"),
      res.suggest.length ? el("div", { class: "bars", id: "suggest-bars" }, res.suggest.map((t) => el("div", { class: "bar-row" },
        el("span", { class: "label" }, t.target),
        el("div", { class: "bar" }, el("span", { class: "gain", style: `width:${t.unknown ? 0 : (100 * t.gain_bits) / max}%` })),
        el("span", {}, t.unknown ? "unknown" : t.gain_bits.toFixed(2),
          el("span", { class: "dim" }, "  " + t.outcomes.map((o) => `${o.learn.length ? o.learn.map((x) => `"${x}"`).join(" + ") : "nothing"} → ${fmt(o.worlds)}`).join("; "))))))
        : el("div", { class: "dim" }, "your role has no target to rank tonight"));
  }
  parts.push(el("div", { class: "dim" }, `${res.queries} solver queries, ${res.seconds.toFixed(2)} s`));
  clear(out, parts);
}
$("obs-select").addEventListener("change", async (e) => {
  if (!e.target.value) return;
  reading(e.target.value);
  const f = await openCasebookFile(e.target.value);
  $("obs-text").value = f.text;
  state.obsName = f.name;
});
$("obs-text").addEventListener("input", () => { $("obs-select").value = ""; state.obsName = "<obs>"; });
$("solve-btn").addEventListener("click", async () => {
  const out = $("solve-result");
  clear(out);
  $("solve-btn").disabled = true;
  busy("solve-progress", true, "counting worlds…");
  try {
    const { status, data } = await post("/api/solve", {
      ruleset: rules.value, name: state.name, observations: $("obs-text").value,
      observations_name: state.obsName, liars: $("solve-liars").value,
      suggest: $("solve-suggest").checked, timeout: Number($("solve-timeout").value) || 120,
    });
    if (status !== 200) { out.append(errorBox(data.error)); return; }
    drawSolve(data, out);
  } finally {
    $("solve-btn").disabled = false;
    busy("solve-progress", false, "");
  }
});

// ------------------------------------------------------------------ start
(async () => {
  drawEditor();
  refreshNightForm();
  await loadCasebook();
  const first = casebook.find((f) => f.kind === "rules");
  if (first) {
    $("ruleset-select").value = first.path;
    const f = await openCasebookFile(first.path);
    await setRuleset(f.text, f.name);
  }
  document.body.dataset.ready = "1";
})();
