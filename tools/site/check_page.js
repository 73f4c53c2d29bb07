// The page side of tools/site_check.py, evaluated in each page it opens. A finding: [rule, text].
window.mlcourseCheck = (() => {
  const article = () => document.querySelector("article") || document.body;
  const at = (el) => { const s = el.closest("section[id]"); return s ? ` in #${s.id}` : ""; };
  const label = (el) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "")
    + [...el.classList].slice(0, 2).map((c) => `.${c}`).join("");
  const quote = (s, m, around) => JSON.stringify(s.slice(Math.max(0, m.index - around),
                                                         m.index + m[0].length + around).trim());
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const text = (el) => {  // what a reader meets, maths read from its alt text
    const copy = el.cloneNode(true);
    for (const img of copy.querySelectorAll("img.math")) img.replaceWith(` ${img.alt} `);
    for (const x of copy.querySelectorAll("script, style")) x.remove();
    return copy.textContent.replace(/\s+/g, " ");
  };

  // Folds opened or closed and the colour mode set, once the transitions have ended.
  async function set(open, mode) {
    Object.assign(document.documentElement.dataset, {theme: mode, mode});
    for (const fold of document.querySelectorAll("details")) fold.open = open;
    for (const button of document.querySelectorAll("button.toggle-button"))
      if ((button.getAttribute("aria-expanded") === "true") !== open) button.click();
    await frame(), await frame();
    const running = document.getAnimations().map((a) => a.finished.catch(() => null));
    await Promise.race([Promise.all(running), new Promise((r) => setTimeout(r, 2000))]);
    await frame();
    window.mlcourseMarkScrollable?.(document);  // as the page does once a resize settles
  }

  const MARKUP = [
    ["TeX delimiters", /\\\(|\\\[|\$\$/], ["TeX command", /\\[A-Za-z]{2,}/],
    ["Sphinx role", /:[a-z]+(?::[a-z]+)?:`/], ["MyST role", /\{[a-z][a-z:-]*\}`/],
    ["double backquotes", /``/], ["raw directive", /(?:```|:::)\s*\{[a-z]/],
    ["raw label", /\((?:eq|fig|tab|sec|alg|thm|ex|sol|prf|def)-[\w-]+\)|^\([\w-]+\)=/],
    ["asterisk emphasis", /(?:^|[\s(\[])(\*\*?)(?=[^\s*])[^*\n]*[^\s*]\1(?=$|[\s.,;:!?)\]])/],
  ];

  function markup() {  // markup left as text outside code, per block of text
    const blocks = new Map(), found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) {
      const parent = node.parentElement;
      if (parent.closest("pre, code, kbd, samp, script, style, .highlight")) continue;
      const block = parent.closest("p, li, dd, dt, td, th, h1, h2, h3, h4, figcaption, div");
      blocks.set(block, (blocks.get(block) || "") + node.textContent);
    }
    for (const [block, words] of blocks) {
      for (const [kind, pattern] of MARKUP) {
        const m = words.match(pattern);
        if (m) found.push(["markup", `${kind}${block ? at(block) : ""}: ${quote(words, m, 30)}`]);
      }
    }
    return found;
  }

  // What a solution quotes that its exercise (statement and stub) does not give: numbers of
  // three significant digits or more (not years), lists of three numbers or more, strings
  // quoted in its prose. None may appear outside the solutions (timings excepted).
  const NUMBER = /(?<![\w.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w]|\.\d)/g;
  const LIST = /[\[(]\s*-?\d[-\d.,\s]*[\])]/g;
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const significant = (token) => {
    let digits = token.toLowerCase().replace(/e[-+]?\d+$/, "").replace(/^-/, "");
    if (!digits.includes(".")) digits = digits.replace(/0+$/, "");
    return digits.replace(".", "").replace(/^0+/, "").length;
  };
  function answerValues(solution, statement) {
    const squeeze = (s) => s.replace(/\s+/g, ""), body = solution.querySelector("section");
    const said = text(body || solution), values = [];
    const given = new Set([...statement.match(NUMBER) || [],
                           ...(statement.match(LIST) || []).map(squeeze)]);
    for (const n of said.match(NUMBER) || []) {
      if (significant(n) >= 3 && !given.has(n) && !/^(1[89]\d\d|20\d\d|2100)$/.test(n))
        values.push([n, new RegExp(`(?<![\\w.])${escape(n)}(?![\\w]|\\.\\d)`)]);
    }
    for (const list of (said.match(LIST) || []).map(squeeze)) {
      if ((list.match(NUMBER) || []).length >= 3 && !given.has(list))
        values.push([list, new RegExp([...list].map(escape).join("\\s*"))]);
    }
    const prose = [...(body || solution).querySelectorAll("p, li")].filter((p) => !p.closest(".cell"));
    for (const [, , quoted] of prose.map(text).join(" ").matchAll(/(?<!\w)(["'])([^"'\n]{3,40})\1/g)) {
      if (!statement.includes(quoted)) values.push([`"${quoted}"`, new RegExp(escape(quoted))]);
    }
    return values;
  }
  function answers() {
    const page = article(), found = [], outside = page.cloneNode(true);
    for (const x of outside.querySelectorAll(
      "div.solution, div.tag_nbval-ignore-output div.cell_output")) x.remove();
    const seen = text(outside);
    const after = (a, b) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    for (const solution of page.querySelectorAll("div.solution")) {
      const link = solution.querySelector(".admonition-title a[href^='#']");
      const exercise = link && document.getElementById(link.getAttribute("href").slice(1));
      const stubs = [...page.querySelectorAll("div.cell_input")]
        .filter((cell) => exercise && after(exercise, cell) && after(cell, solution));
      const statement = [exercise, ...stubs].filter(Boolean).map(text).join(" ");
      for (const [value, pattern] of answerValues(solution, statement)) {
        const m = seen.match(pattern);
        if (m) found.push(["answer", `${link ? link.textContent.trim() : solution.id}: its `
          + `solution quotes ${value}, and the page shows it outside: ${quote(seen, m, 40)}`]);
      }
    }
    return found;
  }
  // Once, at 390 px with the folds closed, every section drawn and every figure loaded.
  async function facts() {
    document.head.insertAdjacentHTML("beforeend", "<style>*, ::before, ::after "
      + "{ transition: none !important; animation: none !important; }</style>");  // no motion
    for (const section of document.querySelectorAll("section")) section.style.contentVisibility = "visible";
    window.mlcourseMarkScrollable?.(document);  // as when each section is first drawn
    const figures = [...article().querySelectorAll("img:not(.math)")];
    for (const img of figures) img.loading = "eager";
    await Promise.race([new Promise((r) => setTimeout(r, 10000)),
                        Promise.all(figures.map((img) => img.decode().catch(() => null)))]);
    const found = [...markup(), ...answers()];
    const local = (urls) => urls.filter((url) => url.startsWith(location.origin + "/"))
      .map((url) => url.slice(location.origin.length));
    const urls = [...document.querySelectorAll("a[href], img[src]")].map((a) => a.href || a.src);
    return {found, links: local(urls),
            folds: article().querySelector("details, .toggle-button") !== null,
            figures: figures.filter((img) => img.naturalWidth).map((img) => ({
              src: img.src, natural: img.naturalWidth, at: at(img),
              shown: img.getBoundingClientRect().width}))};
  }
  // At each width: what is drawn past a box that clips it or the window, wide display maths.
  function probe() {
    const found = [], width = document.documentElement.clientWidth, seen = new Set();
    const page = document.documentElement.scrollWidth;
    if (page > width + 1) found.push(["overflow", `the page is ${page} px wide: it drags sideways`]);
    const clips = new Map();
    const clipOf = (el) => {  // the nearest box around el that clips what overflows it
      if (!clips.has(el)) {
        const box = el.parentElement;
        clips.set(el, !box || box === document.body ? null
          : getComputedStyle(box).overflowX !== "visible" ? box : clipOf(box));
      }
      return clips.get(el);
    };
    const walker = document.createTreeWalker(article(), NodeFilter.SHOW_ALL);
    for (let node; (node = walker.nextNode());) {
      const isText = node.nodeType === 3, el = isText ? node.parentElement : node;
      if (isText ? !node.textContent.trim() : !el.matches?.("img, svg, input, canvas")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = isText ? range.getBoundingClientRect() : el.getBoundingClientRect();
      if (!r.width || !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
      const box = isText && getComputedStyle(el).overflowX !== "visible" ? el : clipOf(el);
      const block = el.closest("p, pre, li, dd, td, th, figure, table, div") || el;
      const past = r.right > width + 1 || r.left < -1;  // Set.add is truthy: noted once
      if (box === null && past && !seen.has(block) && seen.add(block)) {
        found.push(["overflow", `${label(block)} is drawn past the window${at(el)}`]);
      } else if (box !== null && !seen.has(box) && box.clientWidth > 2) {
        const style = getComputedStyle(box), b = box.getBoundingClientRect();
        const left = b.left + box.clientLeft, top = b.top + box.clientTop;
        const cut = (/hidden|clip/.test(style.overflowX) && style.textOverflow !== "ellipsis"
                     && (r.right > left + box.clientWidth + 1 || r.left < left - 1))
          || (/hidden|clip/.test(style.overflowY)
              && (r.bottom > top + box.clientHeight + 1 || r.top < top - 1));
        if (cut && seen.add(box))
          found.push(["overflow", `${label(el)} is cut by ${label(box)}, which does not scroll${at(el)}`]);
      }
    }
    if (found.length > 6) found.splice(6, found.length, ["overflow", `and ${found.length - 6} more`]);
    for (const img of article().querySelectorAll("div.math > img.math")) {
      const room = img.parentElement.clientWidth, drawn = img.getBoundingClientRect().width;
      const number = img.parentElement.querySelector(".eqno")?.textContent.replace(/[#\s]/g, "");
      if (drawn > room + 1)
        found.push(["equation", `display ${number || "equation"}${at(img)} is `
          + `${Math.round(drawn)} px wide in ${Math.round(room)} px: ${img.alt.slice(0, 80)}`]);
    }
    return found;
  }
  // axe-core. Its colour rules run on one element of each kind of text (what they depend
  // on: colour, size, weight, opacity, decoration, link or not, backdrop); when they run
  // alone, the sections without such an element are left out of the grid they lay out.
  async function axeRun(tags, rules) {
    for (const el of document.querySelectorAll("[data-axe-kind]")) delete el.dataset.axeKind;
    const backdrops = new Map();
    const paint = (el, s) => s.backgroundImage !== "none" ? `image ${label(el)}`
      : s.backgroundColor !== "rgba(0, 0, 0, 0)" ? s.backgroundColor : backdrop(el.parentElement);
    const backdrop = (el) => !el ? "page" : backdrops.get(el)
      ?? backdrops.set(el, paint(el, getComputedStyle(el))).get(el);
    const kinds = new Set();
    for (const el of document.body.querySelectorAll("*")) {
      if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      const s = getComputedStyle(el), link = el.closest("a");
      const kind = [!link, s.color, s.fontSize, s.fontWeight, s.opacity, s.textDecorationLine,
                    backdrop(el)].join("|");
      if (!kinds.has(kind) && el.checkVisibility()) {
        kinds.add(kind);
        for (const x of [el, link]) if (x) x.dataset.axeKind = "";
      }
    }
    const colour = ["color-contrast", "link-in-text-block"];
    axe.configure({rules: [{id: colour[0], selector: "[data-axe-kind]"},
                           {id: colour[1], selector: "a[href][data-axe-kind]"}]});
    const ids = rules || axe.getRules(tags).filter((r) => !r.tags.includes("experimental"))
      .map((r) => r.ruleId);
    const idle = !ids.every((id) => colour.includes(id)) ? [] : [...document.querySelectorAll(
      "article section")].filter((el) => !el.querySelector("[data-axe-kind]"));
    const shown = idle.map((el) => el.style.display);
    for (const el of idle) el.style.display = "none";
    const result = await axe.run(document, {runOnly: {type: "rule", values: ids},
                                            resultTypes: ["violations"]});
    idle.forEach((el, i) => { el.style.display = shown[i]; });
    return result.violations.map((v) => ({id: v.id, help: v.help, nodes: v.nodes.map(
      (n) => n.target.join(" ") + (n.any[0] ? ` (${n.any[0].message})` : ""))}));
  }
  return {set, facts, probe, axe: axeRun};
})();
