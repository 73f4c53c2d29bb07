// The site's stylesheets as one file without the rules no page and no script uses: clean-css
// joins them (urls rebased), PurgeCSS cuts them. tools/sphinx_ext/reader_page.py runs it once
// every page is written: node bundle_css.js SITE_DIR BUNDLE STYLESHEET... (paths in SITE_DIR)
"use strict";
const path = require("path");
const CleanCSS = require("clean-css");
const {PurgeCSS} = require("purgecss");

async function main(site, bundle, ...sheets) {
  const inSite = (name) => path.join(site, name).split(path.sep).join("/");
  const joined = new CleanCSS({rebaseTo: path.dirname(inSite(bundle))}).minify(sheets.map(inSite));
  if (joined.errors.length) throw new Error(joined.errors.join("\n"));
  const [purged] = await new PurgeCSS().purge({
    css: [{raw: joined.styles}], fontFace: true, keyframes: true, variables: true,
    // Bootstrap's script names every component it has: the classes it sets on the ones the
    // pages use (menus, tooltips) are kept instead. The theme's script sets the colour modes.
    content: [inSite("**/*.html"), inSite("_static/**/*.js")],
    skippedContentGlobs: ["**/bootstrap.js", "**/book.js"],  // the book.js bundle holds it
    safelist: {standard: ["show", "fade", "collapsing"], greedy: [/tooltip/]},
    dynamicAttributes: ["data-theme", "data-mode"],
  });
  require("fs").writeFileSync(inSite(bundle), purged.css);
}

main(...process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
