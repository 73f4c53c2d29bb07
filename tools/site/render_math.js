// Render TeX to SVG at build time, so that no page runs MathJax and no page loads a font for
// its maths.
//
// Reads JSON on stdin: {"pages": [{"items": [{"tex": "...", "display": true}]}]}
// Writes JSON on stdout: {"pages": [{"html": ["<mjx-container ...>", ...], "defs": "<svg ...>",
// "errors": ["..."]}], "css": "..."}.
//
// Each formula is a small <svg> of <use> elements that point to the glyph outlines of its page,
// written once per page in "defs" (MathJax's global font cache). The groups MathJax nests for
// every MathML node are flattened: each glyph carries its own position, so a formula has about
// one element per glyph, which keeps a page's style and layout cheap on a phone. Every formula
// carries hidden MathML for screen readers; the SVG itself is hidden from them.
"use strict";

const {mathjax} = require("mathjax-full/js/mathjax.js");
const {TeX} = require("mathjax-full/js/input/tex.js");
const {SVG} = require("mathjax-full/js/output/svg.js");
const {liteAdaptor} = require("mathjax-full/js/adaptors/liteAdaptor.js");
const {RegisterHTMLHandler} = require("mathjax-full/js/handlers/html.js");
const {AssistiveMmlHandler} = require("mathjax-full/js/a11y/assistive-mml.js");
const {AllPackages} = require("mathjax-full/js/input/tex/AllPackages.js");

const adaptor = liteAdaptor({fontSize: 16});
const SVGNS = "http://www.w3.org/2000/svg";
AssistiveMmlHandler(RegisterHTMLHandler(adaptor));

// ------------------------------------------------------------------ flattening the groups

// An affine map [a, b, c, d, e, f]: (x, y) -> (a x + c y + e, b x + d y + f), as SVG writes it.
const IDENTITY = [1, 0, 0, 1, 0, 0];

function multiply(m, n) {
  return [
    m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

// The map of a transform attribute, or null when it is not made of translate, scale and
// matrix (then the group is kept as it is).
function parseTransform(text) {
  let m = IDENTITY;
  const re = /\s*(translate|scale|matrix)\s*\(([^)]*)\)\s*/gy;
  let match, end = 0;
  while ((match = re.exec(text)) !== null) {
    const v = match[2].split(/[\s,]+/).filter(s => s !== "").map(Number);
    if (v.some(Number.isNaN)) return null;
    let n;
    if (match[1] === "translate") n = [1, 0, 0, 1, v[0] || 0, v[1] || 0];
    else if (match[1] === "scale") n = [v[0], 0, 0, v.length > 1 ? v[1] : v[0], 0, 0];
    else if (v.length === 6) n = v;
    else return null;
    m = multiply(m, n);
    end = re.lastIndex;
  }
  return end === text.length ? m : null;
}

const round = x => {
  const r = Math.round(x * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
};

function formatTransform(m) {
  if (m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1) {
    if (m[4] === 0 && m[5] === 0) return null;
    return `translate(${round(m[4])},${round(m[5])})`;
  }
  if (m[1] === 0 && m[2] === 0) {
    const shift = m[4] === 0 && m[5] === 0 ? "" : `translate(${round(m[4])},${round(m[5])}) `;
    return `${shift}scale(${round(m[0])},${round(m[3])})`;
  }
  return `matrix(${m.map(round).join(",")})`;
}

// A group that only positions its children: flattening it changes nothing drawn.
// The groups of tables, errors and actions stay: MathJax's stylesheet draws their lines and
// colours through them.
const STYLED = new Set(["mtable", "merror", "maction"]);

function isPlainGroup(node) {
  if (adaptor.kind(node) !== "g") return false;
  if (STYLED.has(adaptor.getAttribute(node, "data-mml-node"))) return false;
  for (const name of adaptor.allAttributes(node).map(a => a.name)) {
    if (name !== "transform" && name !== "data-mml-node" && name !== "data-mjx-texclass") {
      return false;
    }
  }
  const t = adaptor.getAttribute(node, "transform");
  return !t || parseTransform(t) !== null;
}

// What takes its whole transform itself; anything else (nested <svg>, links) is wrapped.
const PLACED = new Set(["g", "use", "rect", "path", "line", "text"]);

// Append to out the drawn descendants of node, each with its whole transform.
function flattenInto(node, matrix, out) {
  for (const child of [...adaptor.childNodes(node)]) {
    if (adaptor.kind(child) === "#text" || adaptor.kind(child) === "#comment") continue;
    const t = adaptor.getAttribute(child, "transform");
    const own = t ? parseTransform(t) : IDENTITY;
    if (isPlainGroup(child)) {
      flattenInto(child, multiply(matrix, own), out);
      continue;
    }
    if (own === null || !PLACED.has(adaptor.kind(child))) {
      // a transform kept as written, or a nested <svg>: inside a group that places it
      const wrap = adaptor.node("g", {}, [], SVGNS);
      const placed = formatTransform(matrix);
      if (placed) adaptor.setAttribute(wrap, "transform", placed);
      adaptor.append(wrap, child);
      out.push(wrap);
      continue;
    }
    const whole = formatTransform(multiply(matrix, own));
    if (whole) adaptor.setAttribute(child, "transform", whole);
    else adaptor.removeAttribute(child, "transform");
    if (adaptor.kind(child) === "g") {  // coloured or linked: keep it, flatten inside it
      const inner = [];
      flattenInto(child, IDENTITY, inner);
      for (const c of [...adaptor.childNodes(child)]) adaptor.remove(c);
      for (const c of inner) adaptor.append(child, c);
    }
    adaptor.removeAttribute(child, "data-c");
    out.push(child);
  }
}

// The formula's outer group (scale(1,-1)) keeps the drawing attributes; its descendants become
// its children.
function flatten(svg) {
  const top = adaptor.firstChild(svg);
  if (!top || adaptor.kind(top) !== "g") return;
  const out = [];
  flattenInto(top, IDENTITY, out);
  for (const c of [...adaptor.childNodes(top)]) adaptor.remove(c);
  for (const c of out) adaptor.append(top, c);
}

// ------------------------------------------------------------------ a page

// MathJax sizes a formula in ex of the text around it; the page's font has a taller x-height
// than the em / 2 the formula was laid out for, which would draw the maths about 6% larger than
// planned and push the longest displays past a phone's column. The sizes of the container and
// of its <svg> are given in em instead, as the layout assumed (ex = em / 2).
function inEm(html) {
  const end = html.indexOf(">", html.indexOf("<svg")) + 1;
  const head = html.slice(0, end).replace(/(-?\d*\.?\d+)ex\b/g, (m, v) => {
    const em = Math.round(Number(v) * 500) / 1000;
    return (em === 0 ? "0" : String(em)) + "em";
  });
  return head + html.slice(end);
}

function renderPage(page) {
  const tex = new TeX({packages: AllPackages.filter(name => name !== "bussproofs"),
                       formatError: (jax, error) => { throw error; }});
  const svg = new SVG({fontCache: "global"});
  const doc = mathjax.document("", {InputJax: tex, OutputJax: svg});
  const html = [], errors = [];
  for (const item of page.items) {
    try {
      const node = doc.convert(item.tex, {display: item.display, em: 16, ex: 8,
                                          containerWidth: 80 * 16});
      const drawing = adaptor.firstChild(node);
      if (drawing && adaptor.kind(drawing) === "svg") flatten(drawing);
      html.push(inEm(adaptor.outerHTML(node)));
    } catch (error) {
      errors.push(`${error.message}: ${item.tex.slice(0, 80)}`);
      html.push(null);
    }
  }
  const defs = adaptor.outerHTML(svg.fontCache.getCache());
  const cache = `<svg id="${SVG.FONTCACHEID}" xmlns="http://www.w3.org/2000/svg" `
    + `style="display: none" aria-hidden="true">${defs}</svg>`;
  return {html, defs: cache, errors, css: adaptor.textContent(svg.styleSheet(doc))};
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", chunk => { input += chunk; });
process.stdin.on("end", () => {
  const request = JSON.parse(input);
  const pages = request.pages.map(renderPage);
  const css = pages.length ? pages[0].css : "";
  for (const page of pages) delete page.css;
  process.stdout.write(JSON.stringify({pages, css}));
});
