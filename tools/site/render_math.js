// Render TeX to MathJax's CommonHTML at build time, so that no page runs MathJax.
//
// Reads JSON on stdin: {"pages": [{"fontURL": "...", "items": [{"tex": "...", "display": true}]}]}
// Writes JSON on stdout: {"pages": [{"html": ["<mjx-container ...>", ...], "css": "...",
// "errors": ["..."]}]}. Each page gets the stylesheet of the glyphs it uses, with its fonts
// at fontURL. Every formula carries hidden MathML for screen readers.
"use strict";

const {mathjax} = require("mathjax-full/js/mathjax.js");
const {TeX} = require("mathjax-full/js/input/tex.js");
const {CHTML} = require("mathjax-full/js/output/chtml.js");
const {liteAdaptor} = require("mathjax-full/js/adaptors/liteAdaptor.js");
const {RegisterHTMLHandler} = require("mathjax-full/js/handlers/html.js");
const {AssistiveMmlHandler} = require("mathjax-full/js/a11y/assistive-mml.js");
const {AllPackages} = require("mathjax-full/js/input/tex/AllPackages.js");

const adaptor = liteAdaptor({fontSize: 16});
AssistiveMmlHandler(RegisterHTMLHandler(adaptor));

function renderPage(page) {
  const tex = new TeX({packages: AllPackages.filter(name => name !== "bussproofs"),
                       formatError: (jax, error) => { throw error; }});
  const chtml = new CHTML({fontURL: page.fontURL, adaptiveCSS: true});
  const doc = mathjax.document("", {InputJax: tex, OutputJax: chtml});
  const html = [], errors = [];
  for (const item of page.items) {
    try {
      const node = doc.convert(item.tex, {display: item.display, em: 16, ex: 8,
                                          containerWidth: 80 * 16});
      html.push(adaptor.outerHTML(node));
    } catch (error) {
      errors.push(`${error.message}: ${item.tex.slice(0, 80)}`);
      html.push(null);
    }
  }
  const css = adaptor.textContent(chtml.styleSheet(doc));
  return {html, css, errors};
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", chunk => { input += chunk; });
process.stdin.on("end", () => {
  const request = JSON.parse(input);
  const pages = request.pages.map(renderPage);
  process.stdout.write(JSON.stringify({pages}));
});
