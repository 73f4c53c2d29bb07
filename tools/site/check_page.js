// The page side of tools/site_check.py, evaluated in each page it opens.
// Each finding is [rule, text].
window.mlcourseCheck = (() => {
  const article = () => document.querySelector("article") || document.querySelector("main")
    || document.body;
  const at = (el) => { const s = el.closest("section[id]"); return s ? ` in #${s.id}` : ""; };
  const label = (el) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "")
    + [...el.classList].slice(0, 2).map((c) => `.${c}`).join("");
  const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  // The text a reader meets, maths read from its alt text.
  const text = (el) => {
    const copy = el.cloneNode(true);
    for (const img of copy.querySelectorAll("img.math")) img.replaceWith(` ${img.alt} `);
    for (const x of copy.querySelectorAll("script, style")) x.remove();
    return copy.textContent.replace(/\s+/g, " ");
  };

  // Folds opened or closed, and the colour mode the theme's switch sets.
  async function set(open, mode) {
    document.documentElement.dataset.theme = mode;
    document.documentElement.dataset.mode = mode;
    for (const fold of document.querySelectorAll("details")) fold.open = open;
    for (const button of document.querySelectorAll("button.toggle-button")) {
      if ((button.getAttribute("aria-expanded") === "true") !== open) button.click();
    }
    await settle();
    window.mlcourseMarkScrollable?.(document);  // as the page does once a resize settles
  }

  // Until the transitions a change started (colours, folds) have ended.
  async function settle() {
    await frames();
    const running = document.getAnimations().map((a) => a.finished.catch(() => null));
    await Promise.race([Promise.all(running), new Promise((r) => setTimeout(r, 2000))]);
    await frames();
  }

  const MARKUP = [
    ["TeX delimiters", /\\\(|\\\[|\$\$/], ["TeX command", /\\[A-Za-z]{2,}/],
    ["Sphinx role", /:[a-z]+(?::[a-z]+)?:`/], ["MyST role", /\{[a-z][a-z:-]*\}`/],
    ["double backquotes", /``/], ["raw directive", /(?:```|:::)\s*\{[a-z]/],
    ["raw label", /\((?:eq|fig|tab|sec|alg|thm|ex|sol|prf|def)-[\w-]+\)|^\([\w-]+\)=/],
    ["asterisk emphasis", /(?:^|[\s(\[])(\*\*?)(?=[^\s*])[^*\n]*[^\s*]\1(?=$|[\s.,;:!?)\]])/],
  ];
  const CODE = "pre, code, kbd, samp, script, style, textarea, .highlight";

  function markup() {
    const blocks = new Map();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(CODE)) continue;
      const block = parent.closest("p, li, dd, dt, td, th, h1, h2, h3, h4, h5, h6, figcaption, div");
      blocks.set(block, (blocks.get(block) || "") + node.textContent);
    }
    const found = [];
    for (const [block, words] of blocks) {
      for (const [kind, pattern] of MARKUP) {
        const m = words.match(pattern);
        if (m) found.push(["markup", `${kind}${block ? at(block) : ""}: `
          + JSON.stringify(words.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).trim())]);
      }
    }
    return found;
  }

  // Values a solution quotes that its exercise does not give: numbers of three significant
  // digits or more (not years), lists of three numbers or more, strings quoted in its prose.
  const NUMBER = /(?<![\w.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w]|\.\d)/g;
  const LIST = /[\[(]\s*-?\d[-\d.,\s]*[\])]/g;
  const QUOTED = /(?<!\w)(["'])([^"'\n]{3,40})\1/g;
  const significant = (token) => {
    let digits = token.toLowerCase().replace(/e[-+]?\d+$/, "").replace(/^-/, "");
    if (!digits.includes(".")) digits = digits.replace(/0+$/, "");
    return digits.replace(".", "").replace(/^0+/, "").length;
  };
  const squeeze = (s) => s.replace(/\s+/g, "");
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  function answerValues(solution, statement) {
    const given = new Set([...(statement.match(NUMBER) || []),
      ...(statement.match(LIST) || []).map(squeeze)]);
    const body = solution.querySelector("section") || solution;
    const values = [];
    for (const n of text(body).match(NUMBER) || []) {
      if (significant(n) >= 3 && !given.has(n) && !/^(1[89]\d\d|20\d\d|2100)$/.test(n)) {
        values.push([n, new RegExp(`(?<![\\w.])${escape(n)}(?![\\w]|\\.\\d)`)]);
      }
    }
    for (const list of (text(body).match(LIST) || []).map(squeeze)) {
      if ((list.match(NUMBER) || []).length >= 3 && !given.has(list)) {
        values.push([list, new RegExp([...list].map(escape).join("\\s*"))]);
      }
    }
    const prose = [...body.querySelectorAll("p, li")].filter((p) => !p.closest("div.cell"));
    for (const [, , quoted] of prose.map(text).join(" ").matchAll(QUOTED)) {
      if (!statement.includes(quoted)) values.push([`"${quoted}"`, new RegExp(escape(quoted))]);
    }
    return values;
  }

  function answers() {
    const page = article(), found = [];
    const solutions = [...page.querySelectorAll("div.solution")];
    const outside = page.cloneNode(true);
    for (const x of outside.querySelectorAll(
      "div.solution, div.tag_nbval-ignore-output div.cell_output")) x.remove();
    const seen = text(outside);
    for (const solution of solutions) {
      const link = solution.querySelector(".admonition-title a[href^='#']");
      const exercise = link && document.getElementById(link.getAttribute("href").slice(1));
      let statement = exercise ? text(exercise) : "";
      for (const cell of page.querySelectorAll("div.cell_input")) {
        const after = (a, b) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
        if (exercise && after(exercise, cell) && after(cell, solution)) statement += text(cell);
      }
      const name = link ? link.textContent.trim() : solution.id;
      for (const [value, pattern] of answerValues(solution, statement)) {
        const m = seen.match(pattern);
        if (m) found.push(["answer", `${name}: its solution quotes ${value}, and the page `
          + `shows it outside: ${JSON.stringify(seen.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40))}`]);
      }
    }
    return found;
  }

  // Once, at 390 px with the folds closed, every section drawn and every figure loaded.
  async function facts() {
    for (const section of document.querySelectorAll("section")) {
      section.style.contentVisibility = "visible";
    }
    window.mlcourseMarkScrollable?.(document);  // as when each section is first drawn
    const figures = [...article().querySelectorAll("img:not(.math)")];
    for (const img of figures) img.loading = "eager";
    await Promise.race([new Promise((r) => setTimeout(r, 10000)),
                        Promise.all(figures.map((img) => img.decode().catch(() => null)))]);
    const found = [...markup(), ...answers()];
    if ([...document.querySelectorAll("div.cell_input")].some((c) => c.textContent.includes("%pip install"))) {
      found.push(["setup-cell", "the Colab set-up cell is shown"]);
    }
    const local = (urls) => urls.filter((url) => url.startsWith(location.origin + "/"))
      .map((url) => url.slice(location.origin.length));
    const hrefs = [...document.querySelectorAll("a[href]")].map((a) => a.href);
    return {found, links: local(hrefs),
            folds: article().querySelector("details, .toggle-button") !== null, images: local([...document.images].map((i) => i.src)),
            launch: hrefs.filter((href) => /mybinder|colab\.research/.test(href)),
            figures: figures.filter((img) => img.naturalWidth).map((img) => ({
              src: img.src, natural: img.naturalWidth, at: at(img),
              shown: img.getBoundingClientRect().width}))};
  }

  // At each width: what is drawn past a box that clips it or past the window, and display
  // equations wider than their column.
  function probe() {
    const found = [], width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      found.push(["overflow", `the page is ${document.documentElement.scrollWidth} px wide: it drags sideways`]);
    }
    const clipper = new Map();
    const clipOf = (el) => {
      if (!clipper.has(el)) {
        const parent = el.parentElement;
        clipper.set(el, !parent || parent === document.body ? null
          : getComputedStyle(parent).overflowX !== "visible" ? parent : clipOf(parent));
      }
      return clipper.get(el);
    };
    const reported = new Set();
    const walker = document.createTreeWalker(article(), NodeFilter.SHOW_ALL);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.nodeType === 3 ? node.parentElement : node;
      if (node.nodeType === 3 ? !node.textContent.trim() : !el.matches?.("img, svg, input, canvas, video")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = node.nodeType === 3 ? range.getBoundingClientRect() : el.getBoundingClientRect();
      if (!r.width || !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
      const box = node.nodeType === 3 && getComputedStyle(el).overflowX !== "visible" ? el : clipOf(el);
      let problem = null;
      const block = el.closest("p, pre, li, dd, dt, td, th, figure, table, div") || el;
      if (box === null) {
        if ((r.right > width + 1 || r.left < -1) && !reported.has(block)) {
          problem = `${label(block)} is drawn past the window (x ${Math.round(r.left)} to ${Math.round(r.right)})`;
          reported.add(block);
        }
      } else if (!reported.has(box) && box.clientWidth > 2) {
        const style = getComputedStyle(box), b = box.getBoundingClientRect();
        const left = b.left + box.clientLeft, top = b.top + box.clientTop;
        const cutX = /hidden|clip/.test(style.overflowX) && style.textOverflow !== "ellipsis"
          && (r.right > left + box.clientWidth + 1 || r.left < left - 1);
        const cutY = /hidden|clip/.test(style.overflowY)
          && (r.bottom > top + box.clientHeight + 1 || r.top < top - 1);
        if (cutX || cutY) problem = `${label(el)} is cut by ${label(box)}, which does not scroll`;
        if (problem) reported.add(box);
      }
      if (problem) found.push(["overflow", problem + at(el)]);
    }
    const overflows = found.filter(([rule]) => rule === "overflow");
    if (overflows.length > 6) {
      found.splice(found.indexOf(overflows[6]), overflows.length - 6,
                   ["overflow", `and ${overflows.length - 6} more drawn past their box`]);
    }
    const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])";
    for (const box of article().querySelectorAll("*")) {
      const style = getComputedStyle(box);
      const scrolls = (/auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1)
        || (/auto|scroll/.test(style.overflowY) && box.scrollHeight > box.clientHeight + 1);
      if (scrolls && box.tabIndex < 0 && !box.querySelector(FOCUSABLE) && box.checkVisibility()) {
        found.push(["scroll", `${label(box)}${at(box)} scrolls but takes no keyboard focus`]);
      }
    }
    // A display's number may go below it on a phone, never over it.
    for (const img of article().querySelectorAll("div.math > img.math")) {
      const box = img.parentElement, number = box.querySelector(".eqno");
      const room = box.clientWidth, drawn = img.getBoundingClientRect();
      const over = number && overlap(number.getBoundingClientRect(), drawn);
      if (drawn.width > room + 1 || over) {
        found.push(["equation", `display ${number ? number.textContent.replace(/[#\s]/g, "") : "equation"}`
          + `${at(img)} is ${Math.round(drawn.width)} px wide in ${Math.round(room)} px`
          + `${over ? ", under its number" : ""}: ${JSON.stringify(img.alt.slice(0, 80))}`]);
      }
    }
    return found;
  }

  // axe-core: the colour rules on one element of each kind of text (what they depend on:
  // colour, size, weight, opacity, decoration, whether a link, the backdrop behind it).
  async function axeRun(tags, rules) {
    for (const el of document.querySelectorAll("[data-axe-kind]")) el.removeAttribute("data-axe-kind");
    const backdrops = new Map();
    const backdrop = (el) => {
      if (!el) return "page";
      if (!backdrops.has(el)) {
        const s = getComputedStyle(el);
        backdrops.set(el, s.backgroundImage !== "none" ? `image ${label(el)}`
          : s.backgroundColor !== "rgba(0, 0, 0, 0)" ? s.backgroundColor : backdrop(el.parentElement));
      }
      return backdrops.get(el);
    };
    const kinds = new Set();
    for (const el of document.body.querySelectorAll("*")) {
      if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      const s = getComputedStyle(el);
      const kind = [el.closest("a") !== null, s.color, s.fontSize, s.fontWeight, s.opacity,
        s.textDecorationLine, backdrop(el)].join("|");
      if (!kinds.has(kind) && el.checkVisibility()) {
        kinds.add(kind);
        el.setAttribute("data-axe-kind", "");
        el.closest("a")?.setAttribute("data-axe-kind", "");  // and the link it is in
      }
    }
    const all = axe.getRules(tags).filter((r) => !r.tags.includes("experimental"))
      .map((r) => r.ruleId);
    const colour = ["color-contrast", "link-in-text-block"];
    axe.configure({rules: [{id: "color-contrast", selector: "[data-axe-kind]"},
                           {id: "link-in-text-block", selector: "a[href][data-axe-kind]"}]});
    const ids = rules || all;
    // The colour rules lay out a grid of the whole page first: when they run alone, the
    // sections without a sample are left out of it (their colours reach no sample).
    const alone = ids.every((id) => colour.includes(id));
    const idle = alone ? [...document.querySelectorAll("article section")]
      .filter((el) => !el.querySelector("[data-axe-kind]")) : [];
    const shown = idle.map((el) => el.style.display);
    for (const el of idle) el.style.display = "none";
    const result = await axe.run(document, {runOnly: {type: "rule", values: ids},
                                            resultTypes: ["violations"]});
    idle.forEach((el, i) => { el.style.display = shown[i]; });
    const violations = result.violations;
    return violations.map((v) => ({id: v.id, help: v.help,
      nodes: v.nodes.map((n) => n.target.join(" ") + (n.any[0] ? ` (${n.any[0].message})` : ""))}));
  }

  return {set, settle, facts, probe, axe: axeRun};
})();
