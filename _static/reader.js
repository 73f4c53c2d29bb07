// The reader's page: what the theme's scripts leave to the book (checked by
// tools/site_check.py).
//
// Scroll regions take keyboard focus. The theme gives a tab stop to the code blocks that
// scroll when the page loads; the book's scroll regions are marked too (display maths,
// long outputs), and again when a section is first drawn (reader.css draws sections near
// the screen only), when a fold opens, and when the window changes size.
const SCROLLERS = "pre, div.math, div.cell_output, .pst-scrollable-table-container";
// The sections that reader.css draws only near the screen.
const LAZY_SECTIONS = "article.bd-article > section > section";

function mlcourseMarkScrollable(root) {
  const boxes = [...root.querySelectorAll(SCROLLERS)];
  // Every size is read before anything is written: one layout for the whole pass.
  const scrolls = boxes.map((box) => {
    const style = getComputedStyle(box);
    const down = /auto|scroll/.test(style.overflowY) && box.scrollHeight > box.clientHeight;
    return down || (/auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth);
  });
  boxes.forEach((box, i) => {
    if (scrolls[i]) box.tabIndex = 0;
    else if (box.tabIndex === 0) box.tabIndex = -1;
  });
}

// A fold is named by what it opens ("Solution to Exercise 1.1 ...", "Show code cell
// source"), not "Toggle hidden content" as the extensions name every one; a bibliography
// entry is a list item, not DPUB's deprecated doc-biblioentry that docutils writes.
function mlcourseNameFolds() {
  for (const button of document.querySelectorAll("button.toggle-button")) {
    const title = button.closest(".admonition")?.querySelector(".admonition-title");
    if (title) button.setAttribute("aria-label", title.textContent.trim());
  }
  for (const summary of document.querySelectorAll('summary[aria-label="Toggle hidden content"]')) {
    summary.removeAttribute("aria-label");
  }
  for (const entry of document.querySelectorAll('[role="doc-biblioentry"]')) {
    entry.setAttribute("role", "listitem");
  }
  // The menu's fold of a page's sub-pages (the library's module pages) shows only a
  // chevron: it is named by the page it unfolds.
  for (const summary of document.querySelectorAll("li.has-children > details > summary")) {
    const page = summary.closest("li").querySelector(":scope > a.reference");
    if (page) summary.setAttribute("aria-label", `Pages under ${page.textContent.trim()}`);
  }
}

// A link to a section lands on its heading. Figures load as they come near and sections are
// laid out as they come near (reader.css), so what lies above the heading changes size after
// the jump: the heading is followed until the reader scrolls, or for three seconds.
function mlcourseLand() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  if (!target) return;
  const until = Date.now() + 3000;
  const follow = new ResizeObserver(() => {
    if (Date.now() > until) follow.disconnect();
    else target.scrollIntoView();
  });
  follow.observe(document.querySelector("article") || document.body);
  for (const input of ["wheel", "touchstart", "keydown", "mousedown"]) {
    addEventListener(input, () => follow.disconnect(), { once: true, passive: true });
  }
}

// The page's "Contents": the theme marks the entry of a heading when the heading crosses the
// top third of the screen, so after a jump that no heading crosses (the scroll bar, the End
// key, a search) the mark stays on an earlier section, and on a long chapter the list does
// not follow the mark. When scrolling ends, the entry of the last heading above that line is
// marked, as the theme marks it (at the page's end, where the last headings never reach
// that line, the theme's mark stays), and the list scrolls to show it.
function mlcourseFollowContents() {
  const nav = document.getElementById("pst-page-toc-nav");
  const sidebar = nav?.closest(".bd-sidebar-secondary");
  if (!nav) return;
  const links = [...nav.querySelectorAll("a[href^='#']")];
  const entries = [...nav.querySelectorAll(".toc-entry")];
  const headings = links.map((link) => {
    const section = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    return section?.querySelector(":is(h1, h2, h3, h4, h5, h6)") || section;
  });
  const header = document.getElementById("pst-header");
  const line = (header?.offsetHeight || 0) + 0.3 * innerHeight;
  let current = null;
  headings.forEach((heading, i) => {
    if (heading && heading.getBoundingClientRect().top <= line) current = links[i];
  });
  const end = scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
  if (current && !end && !current.classList.contains("active")) {
    for (const link of links) {
      link.classList.toggle("active", link === current);
      if (link === current) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
    for (const entry of entries) entry.classList.toggle("active", entry.contains(current));
  }
  const shown = nav.querySelector("a.active");
  if (!shown || !sidebar) return;
  const box = sidebar.getBoundingClientRect();
  const place = shown.getBoundingClientRect();
  if (place.top < box.top || place.bottom > box.bottom) {
    sidebar.scrollTop += place.top - box.top - box.height / 3;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  mlcourseLand();
  if ("onscrollend" in window) addEventListener("scrollend", mlcourseFollowContents);
  window.addEventListener("hashchange", mlcourseLand);
  mlcourseNameFolds();
  mlcourseMarkScrollable(document);
  const later = (root) => requestAnimationFrame(() => mlcourseMarkScrollable(root));
  document.addEventListener("toggle", (event) => later(event.target), true);
  document.addEventListener("click", (event) => {
    const fold = event.target.closest(".admonition.toggle");
    if (fold) later(fold);
  });
  for (const section of document.querySelectorAll(LAZY_SECTIONS)) {
    section.addEventListener("contentvisibilityautostatechange", (event) => {
      if (!event.skipped) mlcourseMarkScrollable(section);
    });
  }
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(() => mlcourseMarkScrollable(document), 300);
  });
});
