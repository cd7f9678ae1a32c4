// The JavaScript half of the web example: start Pyodide, install patience
// and attrs from the wheels next to this page, then hand every click to
// app.py and show what it answers. Every file comes from this folder.
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const $ = (id) => document.getElementById(id);
const here = (path) => new URL(path, document.baseURI).href;
const SAVED = "patience-web-klondike"; // localStorage key of the game in progress

async function start() {
  const pyodide = await loadPyodide({ indexURL: here("node_modules/pyodide/") });
  // Pure-Python wheels built by build.sh. loadPackage installs a wheel given
  // by URL straight into site-packages: no micropip, no package index.
  const wheels = await (await fetch(here("wheels/wheels.json"))).json();
  await pyodide.loadPackage(wheels.map((name) => here(`wheels/${name}`)));
  // app.py goes into Pyodide's working directory, from where it imports.
  pyodide.FS.writeFile("app.py", await (await fetch(here("app.py"))).text());
  return pyodide.pyimport("app").Table.restore(localStorage.getItem(SAVED));
}

function show(table) {
  const view = JSON.parse(table.view());
  $("table").innerHTML = view.svg;
  $("table").dataset.targets = view.targets.join(" ");
  $("status").textContent = view.status;
  $("message").textContent = view.message;
  $("moves").textContent = view.moves.map((move, i) => `${i + 1}. ${move}`).join("  ");
  $("undo").disabled = !view.can_undo;
  $("redo").disabled = !view.can_redo;
  $("hint").disabled = $("new").disabled = false;
  localStorage.setItem(SAVED, table.save());
  return view;
}

try {
  const table = await start();
  $("seed").value = show(table).seed;
  // Clicks and drags on the whole picture: a card carries data-pile and
  // data-index, a pile's group data-pile (an empty pile, or beside its
  // cards). A press let go where it began is a click; a press that moves
  // picks up there (table.grab), the cards picked up follow the pointer while
  // the piles they may go to are marked, and letting go puts them on the
  // pile under the pointer (table.drop), or back when it is off the table.
  const area = $("table");
  let press = null;
  area.addEventListener("pointerdown", (event) => {
    const pile = event.target.closest(".pile");
    if (!pile || event.button !== 0) return;
    const card = event.target.closest(".card");
    press = {
      x: event.clientX,
      y: event.clientY,
      pile: pile.dataset.pile,
      // undefined reaches Python as None (null would arrive as jsnull)
      index: card ? Number(card.dataset.index) : undefined,
      dragging: false,
    };
  });
  window.addEventListener("pointermove", (event) => {
    if (!press) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < 5) return;
      press.dragging = true;
      const picked = table.grab(press.pile, press.index);
      show(table); // the cards picked up and their targets, marked
      if (!picked) {
        press = null;
        return;
      }
    }
    const scale = area.querySelector("svg").getScreenCTM().a;
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
  $("deal").addEventListener("submit", (event) => {
    event.preventDefault();
    table.new_deal($("seed").value);
    $("seed").value = show(table).seed;
  });
  document.body.dataset.ready = "yes";
} catch (error) {
  $("status").textContent = `Could not start: ${error}`;
  document.body.dataset.ready = "failed";
  throw error;
}
