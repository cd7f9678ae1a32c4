// The JavaScript half of the web example: start Pyodide, install patience
// and attrs from the wheels next to this page, then hand every click, drag
// and button to app.py and show what it answers. Every file comes from this
// folder, and nothing here knows any game: the picker, the options, the
// heading and every sentence come from app.py.
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const $ = (id) => document.getElementById(id);
const here = (path) => new URL(path, document.baseURI).href;
const SAVED = "patience-web"; // localStorage key of the game in progress
// The picture is drawn at LEAST to MOST pixels a unit: a card is 60 units
// wide and its corner text 13 units high, so at LEAST cards are 51 px wide
// with 11 px corners. Where the column is narrower, the table scrolls.
const LEAST = 0.85;
const MOST = 1.4;

async function start() {
  const pyodide = await loadPyodide({ indexURL: here("node_modules/pyodide/") });
  // Pure-Python wheels built by build.sh. loadPackage installs a wheel given
  // by URL straight into site-packages: no micropip, no package index.
  const wheels = await (await fetch(here("wheels/wheels.json"))).json();
  await pyodide.loadPackage(wheels.map((name) => here(`wheels/${name}`)));
  // app.py goes into Pyodide's working directory, from where it imports.
  pyodide.FS.writeFile("app.py", await (await fetch(here("app.py"))).text());
  return pyodide.pyimport("app");
}

// One field per option of the game: a choice of true and false, or text.
function optionFields(options) {
  const place = $("options");
  place.replaceChildren();
  for (const option of options) {
    const label = document.createElement("label");
    label.append(option.name);
    let field;
    if (option.kind === "choice") {
      field = document.createElement("select");
      for (const value of ["true", "false"]) field.add(new Option(value, value));
    } else {
      field = document.createElement("input");
      field.placeholder = option.default;
    }
    field.name = option.name;
    field.value = option.value;
    field.dataset.option = option.name;
    label.append(field);
    place.append(label);
  }
}

function show(table) {
  const view = JSON.parse(table.view());
  const area = $("table");
  const keep = area.scrollLeft;
  area.innerHTML = view.svg;
  area.scrollLeft = keep;
  area.dataset.targets = view.targets.join(" ");
  // Fit: the column and the picture's sizes follow the picture's width.
  const width = area.querySelector("svg").viewBox.baseVal.width;
  const style = document.body.style;
  style.setProperty("--wide", `${width}px`);
  style.setProperty("--least", `${width * LEAST}px`);
  style.setProperty("--most", `${width * MOST}px`);
  $("title").textContent = view.title;
  document.title = `${view.title} · patience-rules in the browser`;
  $("game").value = view.game;
  if (document.body.dataset.game !== view.game) {
    document.body.dataset.game = view.game;
    optionFields(view.options);
  }
  $("status").textContent = view.status;
  $("prompt").textContent = view.prompt;
  $("message").textContent = view.message;
  $("moves").textContent = view.moves.map((move, i) => `${i + 1}. ${move}`).join("  ");
  $("buttons").replaceChildren(
    ...view.buttons.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move;
      button.dataset.move = move;
      return button;
    }),
  );
  $("undo").disabled = !view.can_undo;
  $("redo").disabled = !view.can_redo;
  $("hint").disabled = $("new").disabled = false;
  localStorage.setItem(SAVED, table.save());
  return view;
}

try {
  const app = await start();
  for (const entry of JSON.parse(app.picker())) {
    $("game").add(new Option(entry.label, entry.name));
  }
  const table = app.Table.restore(localStorage.getItem(SAVED));
  $("seed").value = show(table).seed;
  // Clicks and drags on the whole picture: a card carries data-pile and
  // data-index, a pile's group data-pile (an empty pile, or beside its
  // cards). A press let go where it began is a click (table.click); a press
  // that moves picks up there (table.grab), the cards held follow the
  // pointer while the piles they may go to are marked, and letting go puts
  // them on the pile under the pointer (table.drop), or back when it is off
  // the table. Near an edge of a table wider than the column, a drag scrolls it.
  const area = $("table");
  let press = null;
  area.addEventListener("pointerdown", (event) => {
    const pile = event.target.closest(".pile");
    if (!pile || event.button !== 0) return;
    const card = event.target.closest(".card");
    press = {
      x: event.clientX,
      y: event.clientY,
      scroll: area.scrollLeft,
      pile: pile.dataset.pile,
      // undefined reaches Python as None (null would arrive as jsnull)
      index: card ? Number(card.dataset.index) : undefined,
      dragging: false,
    };
  });
  window.addEventListener("pointermove", (event) => {
    if (!press) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < 5) return;
      press.dragging = true;
      const held = table.grab(press.pile, press.index);
      show(table); // the cards held and their targets, marked
      if (!held) {
        press = null;
        return;
      }
    }
    const edge = area.getBoundingClientRect();
    if (event.clientX > edge.right - 24) area.scrollLeft += 16;
    if (event.clientX < edge.left + 24) area.scrollLeft -= 16;
    const scale = area.querySelector("svg").getScreenCTM().a;
    const dx = event.clientX - press.x + area.scrollLeft - press.scroll;
    const dy = event.clientY - press.y;
    for (const card of area.querySelectorAll(".card.picked")) {
      card.setAttribute("transform", `translate(${dx / scale} ${dy / scale})`);
      card.style.pointerEvents = "none"; // so the pile under the pointer shows through
    }
  });
  window.addEventListener("pointerup", (event) => {
    if (!press) return;
    const done = press;
    press = null;
    if (!done.dragging) {
      table.click(done.pile, done.index);
    } else {
      const under = document.elementFromPoint(event.clientX, event.clientY);
      const pile = under && area.contains(under) ? under.closest(".pile") : null;
      table.drop(pile ? pile.dataset.pile : undefined);
    }
    show(table);
  });
  for (const name of ["undo", "redo", "hint"]) {
    $(name).addEventListener("click", () => { table[name](); show(table); });
  }
  // The moves that start at no place on the table (passing the turn).
  $("buttons").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    table.play(button.dataset.move);
    show(table);
  });
  // Another game: a random deal of it, with its options' defaults.
  $("game").addEventListener("change", () => {
    table.new_deal("", $("game").value, "");
    $("seed").value = show(table).seed;
  });
  // New deal: the seed typed (blank: random), the game picked and its options.
  $("deal").addEventListener("submit", (event) => {
    event.preventDefault();
    const options = {};
    for (const field of $("options").querySelectorAll("[data-option]")) {
      options[field.dataset.option] = field.value;
    }
    const dealt = table.new_deal($("seed").value, $("game").value, JSON.stringify(options));
    const view = show(table);
    if (dealt) $("seed").value = view.seed; // else the text refused stays, to be put right
  });
  document.body.dataset.ready = "yes";
} catch (error) {
  $("status").textContent = `Could not start: ${error}`;
  document.body.dataset.ready = "failed";
  throw error;
}
