// Long cell outputs scroll in a box (nb_scroll_outputs): a keyboard reader must be able to
// reach and scroll them, so each box that scrolls is focusable and named. Sections far from
// the screen are not laid out yet (content-visibility: auto in reader.css): their boxes are
// measured when the section is first drawn.
function mlcourseMarkScrollable(root) {
  for (const box of root.querySelectorAll("div.cell_output")) {
    if (!box.checkVisibility({contentVisibilityAuto: true})) continue;
    if (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", "Cell output");
    }
  }
  for (const pre of root.querySelectorAll("div.cell_output pre")) {
    if (!pre.checkVisibility({contentVisibilityAuto: true})) continue;
    if (pre.scrollWidth > pre.clientWidth + 1 && !pre.hasAttribute("tabindex")) {
      pre.setAttribute("tabindex", "0");
    }
  }
}
document.addEventListener("DOMContentLoaded", () => {
  mlcourseMarkScrollable(document);
  for (const section of document.querySelectorAll("article.bd-article section section")) {
    section.addEventListener("contentvisibilityautostatechange", (event) => {
      if (!event.skipped) mlcourseMarkScrollable(section);
    });
  }
});
