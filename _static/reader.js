// Long cell outputs scroll in a box (nb_scroll_outputs): a keyboard reader must be able to
// reach and scroll them, so each box that scrolls is focusable and named.
document.addEventListener("DOMContentLoaded", () => {
  for (const box of document.querySelectorAll("div.cell_output")) {
    if (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", "Cell output");
    }
  }
  for (const pre of document.querySelectorAll("div.cell_output pre")) {
    if (pre.scrollWidth > pre.clientWidth + 1 && !pre.hasAttribute("tabindex")) {
      pre.setAttribute("tabindex", "0");
    }
  }
});
