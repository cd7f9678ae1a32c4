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
  // One listener for the whole picture: a card carries data-pile and
  // data-index, a pile's group data-pile (an empty pile, or beside its cards).
  $("table").addEventListener("click", (event) => {
    const card = event.target.closest(".card");
    const pile = event.target.closest(".pile");
    if (pile) {
      // undefined reaches Python as None (null would arrive as jsnull)
      table.click(pile.dataset.pile, card ? Number(card.dataset.index) : undefined);
      show(table);
    }
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
