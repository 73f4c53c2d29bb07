// Scrollable boxes get a tab stop, so that a keyboard reader can reach and scroll them: long
// cell outputs (nb_scroll_outputs) also get a role and a name, and code blocks and outputs
// get the theme's tab stops. Sections far from the screen are not laid out yet
// (content-visibility: auto in reader.css; the theme's own loop skips them, see
// tools/sphinx_ext/reader_page.py): their boxes are measured when the section is first drawn.
const THEME_SCROLLERS = "pre, .nboutput > .output_area, .cell_output > .output, " +
  ".jp-RenderedHTMLCommon, .pst-scrollable-table-container";

function mlcourseMarkScrollable(root) {
  const drawn = (el) => el.checkVisibility({contentVisibilityAuto: true});
  const scrolls = (el) =>
    el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  // Every size is read before anything is written: one layout for the whole pass.
  const boxes = [...root.querySelectorAll("div.cell_output")].filter(drawn);
  const blocks = [...root.querySelectorAll(THEME_SCROLLERS)].filter(drawn);
  const boxScrolls = boxes.map(scrolls);
  const blockScrolls = blocks.map(scrolls);
  blocks.forEach((block, i) => { block.tabIndex = blockScrolls[i] ? 0 : -1; });
  boxes.forEach((box, i) => {
    if (!boxScrolls[i]) return;
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "Cell output");
  });
}

document.addEventListener("DOMContentLoaded", () => {
  mlcourseMarkScrollable(document);
  for (const section of document.querySelectorAll("article.bd-article section section")) {
    section.addEventListener("contentvisibilityautostatechange", (event) => {
      if (!event.skipped) mlcourseMarkScrollable(section);
    });
  }
});
