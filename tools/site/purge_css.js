// Drop the rules no page of the built site can use from the book's
// stylesheet bundles (PurgeCSS: the selectors are matched against the words
// of every page and of every script, so classes that scripts add survive).
//
// Usage: node purge_css.js SITE_DIR BUNDLE.css...   (rewrites each bundle)
const fs = require("fs");
const path = require("path");
const { PurgeCSS } = require("purgecss");

async function main() {
  const [site, ...bundles] = process.argv.slice(2);
  const posix = (p) => p.split(path.sep).join("/");
  const results = await new PurgeCSS().purge({
    content: [
      posix(path.join(site, "**/*.html")),
      posix(path.join(site, "_static/**/*.js")),
    ],
    css: bundles,
    // the colour modes, the theme's state classes and MathJax's elements
    safelist: {
      standard: [/^mjx-/, /^MJX/],
      greedy: [/data-theme/, /data-mode/, /^dark/, /^light/],
    },
    fontFace: false,
    keyframes: false,
    variables: false,
  });
  for (const result of results) {
    fs.writeFileSync(result.file, result.css);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
