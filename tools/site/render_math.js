// TeX to a standalone SVG (MathJax) and its spoken form (the speech rule engine's MathSpeak),
// for tools/sphinx_ext/math_svg.py. A JSON request a line on stdin, an answer a line on
// stdout: {"tex": "x^2", "display": false} -> {"svg": "<svg ...>", "speech": "x squared",
// "width": 1.2, "height": 1.1, "valign": -0.01} (sizes in em), or {"error": "..."}.
"use strict";
const jax = (name) => require(`mathjax-full/js/${name}.js`);
const sre = require("speech-rule-engine");
const adaptor = jax("adaptors/liteAdaptor").liteAdaptor();
jax("handlers/html").RegisterHTMLHandler(adaptor);
const packages = jax("input/tex/AllPackages").AllPackages.filter((p) => p !== "bussproofs");
const doc = jax("mathjax").mathjax.document("", {
  InputJax: new (jax("input/tex").TeX)({packages, formatError: (j, error) => { throw error; }}),
  OutputJax: new (jax("output/svg").SVG)({fontCache: "local"}),
});
const mml = new (jax("core/MmlTree/SerializedMmlVisitor").SerializedMmlVisitor)();
const CONVERT = jax("core/MathItem").STATE.CONVERT;
const em = (value) => Math.round(parseFloat(value) * 500) / 1000;  // MathJax's ex is em / 2

function render({tex, display}) {
  const svg = adaptor.firstChild(doc.convert(tex, {display, em: 16, ex: 8, containerWidth: 1280}));
  const valign = em(adaptor.getStyle(svg, "vertical-align") || "0ex");
  for (const name of ["role", "focusable", "style"]) adaptor.removeAttribute(svg, name);
  const speech = sre.toSpeech(mml.visitTree(doc.convert(tex, {display, end: CONVERT})));
  return {svg: adaptor.outerHTML(svg), speech, valign,
          width: em(adaptor.getAttribute(svg, "width")),
          height: em(adaptor.getAttribute(svg, "height"))};
}

sre.setupEngine({domain: "mathspeak", locale: "en", modality: "speech"});
sre.engineReady().then(() => {
  require("readline").createInterface({input: process.stdin}).on("line", (line) => {
    let answer;
    try {
      answer = render(JSON.parse(line));
    } catch (error) {
      answer = {error: String(error.message || error)};
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  });
});
