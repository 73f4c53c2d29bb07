// TeX to a standalone SVG and its spoken form, at build time, for
// tools/sphinx_ext/math_svg.py (MathJax's SVG output, the speech rule engine's
// MathSpeak text). One JSON request a line on stdin, one answer a line on
// stdout: {"tex": "...", "display": true} -> {"svg": "...", "speech": "...",
// "width": 6.7, "height": 2.0, "valign": -0.1} (sizes in em) or {"error": "..."}.
"use strict";
const readline = require("readline");
const {mathjax} = require("mathjax-full/js/mathjax.js");
const {TeX} = require("mathjax-full/js/input/tex.js");
const {SVG} = require("mathjax-full/js/output/svg.js");
const {liteAdaptor} = require("mathjax-full/js/adaptors/liteAdaptor.js");
const {RegisterHTMLHandler} = require("mathjax-full/js/handlers/html.js");
const {AllPackages} = require("mathjax-full/js/input/tex/AllPackages.js");
const {SerializedMmlVisitor} =
  require("mathjax-full/js/core/MmlTree/SerializedMmlVisitor.js");
const {STATE} = require("mathjax-full/js/core/MathItem.js");
const sre = require("speech-rule-engine");

const adaptor = liteAdaptor();
RegisterHTMLHandler(adaptor);
const tex = new TeX({
  packages: AllPackages.filter((name) => name !== "bussproofs"),
  formatError: (jax, error) => { throw error; },
});
const doc = mathjax.document("", {
  InputJax: tex, OutputJax: new SVG({fontCache: "local"}),
});
const mml = new SerializedMmlVisitor();

// MathJax sizes a formula in ex, which it takes as half an em.
const em = (value) => Math.round(parseFloat(value) * 500) / 1000;

function render({tex: source, display}) {
  const options = {display, em: 16, ex: 8, containerWidth: 1280};
  const svg = adaptor.firstChild(doc.convert(source, options));
  const align = adaptor.getStyle(svg, "vertical-align") || "0ex";
  for (const name of ["role", "focusable", "style"]) {
    adaptor.removeAttribute(svg, name);
  }
  const tree = doc.convert(source, {display, end: STATE.CONVERT});
  return {
    svg: adaptor.outerHTML(svg),
    speech: sre.toSpeech(mml.visitTree(tree)),
    width: em(adaptor.getAttribute(svg, "width")),
    height: em(adaptor.getAttribute(svg, "height")),
    valign: em(align),
  };
}

sre.setupEngine({domain: "mathspeak", locale: "en", modality: "speech"});
sre.engineReady().then(() => {
  const lines = readline.createInterface({input: process.stdin});
  lines.on("line", (line) => {
    let answer;
    try {
      answer = render(JSON.parse(line));
    } catch (error) {
      answer = {error: String(error.message || error)};
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  });
});
