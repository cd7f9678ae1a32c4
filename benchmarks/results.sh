#!/usr/bin/env bash
# Every figure on the docs page "How often does it come out?", one command each.
# Run from the project root with the package installed:
#
#     bash benchmarks/results.sh          # everything (about eight hours on two cores)
#     bash benchmarks/results.sh play     # the policies' runs: the same counts on any machine
#     bash benchmarks/results.sh solver   # the solver's runs, limited by time per deal
#
# JSON results go to results/; a run whose file is already there is skipped, so an
# interrupted run picks up where it stopped (FORCE=1 runs everything again).
# benchmarks/summarise.py (run last) gathers them
# into docs/_data/results.json, from which the page's tables and charts are built.
# The solver's time limits count the search's processor time (--clock cpu), so
# other work on the machine changes its counts little; a faster machine still
# settles more. The policies' runs give the same counts anywhere; only their
# times vary.
set -euo pipefail
part="${1:-all}"
mkdir -p results
sim() {
    out="$1"; shift
    if [[ -f "results/$out.json" && -z "${FORCE:-}" ]]; then echo "== $out: already measured"; return; fi
    echo "== $*"
    python -m patience simulate "$@" --no-progress --json "results/$out.tmp" && mv "results/$out.tmp" "results/$out.json"
}

if [[ "$part" == all || "$part" == play ]]; then
    sim railroad-random       railroad --policy random --deals 1000
    sim railroad-greedy       railroad --policy greedy --deals 1000
    sim railroad-hidden       railroad --policy hidden --deals 1000 --jobs 2
    sim railroad-one-siding   railroad -o sidings=1 --policy random --deals 100000 --jobs 2

    # Klondike, Las Vegas and Spider: the baselines asked for first.
    for game in klondike las-vegas; do
        sim "$game-random" "$game" --policy random --deals 1000 --jobs 2
        sim "$game-greedy" "$game" --policy greedy --deals 1000 --jobs 2
        sim "$game-hidden" "$game" --policy hidden --deals 1000 --jobs 2
    done
    # Four samples a move rather than eight: Spider's play-outs are long.
    sim spider-hidden spider --policy hidden --samples 4 --deals 1000 --jobs 2

    # The rest of the tableau family: random and greedy play.
    for game in single-rail canfield thirteen-up seahaven-towers streets-and-alleys \
            beleaguered-castle napoleon spider; do
        sim "$game-random" "$game" --policy random --deals 1000 --jobs 2
        sim "$game-greedy" "$game" --policy greedy --deals 1000 --jobs 2
    done
    # Yukon, Russian Solitaire, Scorpion, and Spider in one and two suits.
    for game in yukon russian-solitaire scorpion; do
        sim "$game-random" "$game" --policy random --deals 1000 --jobs 2
        sim "$game-greedy" "$game" --policy greedy --deals 1000 --jobs 2
    done
    for suits in one:1 two:2; do
        sim "spider-${suits%:*}-suit-random" spider -o suits=${suits#*:} --policy random --deals 1000 --jobs 2
        sim "spider-${suits%:*}-suit-greedy" spider -o suits=${suits#*:} --policy greedy --deals 1000 --jobs 2
    done
    # FreeCell, Baker's Game and Eight Off: random and greedy play.
    for game in freecell bakers-game eight-off; do
        sim "$game-random" "$game" --policy random --deals 1000 --jobs 2
        sim "$game-greedy" "$game" --policy greedy --deals 1000 --jobs 2
    done
    # Emperor's greedy games search long for progress (about 4 s a deal): 200 deals.
    sim emperor-random emperor --policy random --deals 1000 --jobs 2
    sim emperor-greedy emperor --policy greedy --deals 200 --jobs 2
    sim poker-american-greedy poker-solitaire -o table=american --policy greedy --deals 1000 --jobs 2
    sim poker-english-greedy poker-solitaire -o table=english --policy greedy --deals 1000 --jobs 2
    sim poker-american-hidden poker-solitaire -o table=american --policy hidden --deals 1000 --jobs 2
    sim poker-english-hidden poker-solitaire -o table=english --policy hidden --deals 1000 --jobs 2

    # Calculation and Devil's Grip.
    sim calculation-greedy calculation --policy greedy --deals 1000 --jobs 2
    sim calculation-hidden calculation --policy hidden --deals 1000 --jobs 2
    sim devils-grip-greedy devils-grip --policy greedy --deals 1000 --jobs 2
    # About a minute a deal: 20 deals.
    sim devils-grip-hidden devils-grip --policy hidden --samples 4 --deals 20 --jobs 2

    # Golf, TriPeaks and Pyramid.
    for game in golf tripeaks pyramid; do
        sim "$game-random" "$game" --policy random --deals 1000 --jobs 2
        sim "$game-greedy" "$game" --policy greedy --deals 1000 --jobs 2
    done

    # Joker Solitaire, and Double Solitaire's players against each other.
    sim joker-solitaire-random joker-solitaire --policy random --deals 1000 --jobs 2
    sim joker-solitaire-greedy joker-solitaire --policy greedy --deals 1000 --jobs 2
    sim double-solitaire-greedy-random double-solitaire --policy greedy --policy random --deals 1000 --jobs 2
    sim double-solitaire-random-greedy double-solitaire --policy random --policy greedy --deals 1000 --jobs 2
    sim double-solitaire-greedy-greedy double-solitaire --policy greedy --deals 1000 --jobs 2

    # Aces Up and Clock (Clock has no choices: every policy plays the same game).
    for game in aces-up clock; do
        sim "$game-random" "$game" --policy random --deals 1000 --jobs 2
        sim "$game-greedy" "$game" --policy greedy --deals 1000 --jobs 2
    done
fi

if [[ "$part" == all || "$part" == solver ]]; then
    sim railroad-solver       railroad --policy solver --deals 1000 --max-seconds 10 --clock cpu
    sim klondike-solver       klondike --policy solver --deals 200 --max-seconds 5 --clock cpu --jobs 2
    sim las-vegas-solver      las-vegas --policy solver --deals 200 --max-seconds 5 --clock cpu --jobs 2
    sim single-rail-solver    single-rail --policy solver --deals 200 --max-seconds 5 --clock cpu --jobs 2
    sim klondike-partial-worrying-solver klondike -o partial_runs=true -o worrying_back=true \
        --policy solver --deals 200 --max-seconds 5 --clock cpu --jobs 2
    sim accordion-all-solver accordion -o deal_all=true --policy solver --deals 200 --max-seconds 10 --clock cpu --jobs 2
    # The rest of the tableau family, Calculation and Devil's Grip: ten seconds a deal.
    for game in streets-and-alleys beleaguered-castle thirteen-up seahaven-towers emperor \
            canfield napoleon spider calculation devils-grip; do
        sim "$game-solver" "$game" --policy solver --deals 200 --max-seconds 10 --clock cpu --jobs 2
    done
    # Yukon, Russian Solitaire, Scorpion, and Spider in one and two suits.
    for game in yukon russian-solitaire scorpion; do
        sim "$game-solver" "$game" --policy solver --deals 200 --max-seconds 10 --clock cpu --jobs 2
    done
    for suits in one:1 two:2; do
        sim "spider-${suits%:*}-suit-solver" spider -o suits=${suits#*:} --policy solver \
            --deals 200 --max-seconds 10 --clock cpu --jobs 2
    done
    # Spider as most computer versions deal it (54 cards to the piles, 50 in the stock).
    sim spider-standard-solver spider -o layout=standard --policy solver \
        --deals 200 --max-seconds 10 --clock cpu --jobs 2
    for suits in one:1 two:2; do
        sim "spider-standard-${suits%:*}-suit-solver" spider -o layout=standard \
            -o suits=${suits#*:} --policy solver --deals 200 --max-seconds 10 --clock cpu --jobs 2
    done
    sim aces-up-solver aces-up --policy solver --deals 200 --max-seconds 10 --clock cpu --jobs 2
    sim clock-solver clock --policy solver --deals 200 --max-seconds 10 --clock cpu --jobs 2
    for game in freecell bakers-game eight-off; do
        sim "$game-solver" "$game" --policy solver --deals 200 --max-seconds 10 --clock cpu --jobs 2
    done
    # Golf, TriPeaks and Pyramid: ten seconds a deal.
    for game in golf tripeaks pyramid; do
        sim "$game-solver" "$game" --policy solver --deals 200 --max-seconds 10 --clock cpu --jobs 2
    done
    python benchmarks/solver_speed.py --json docs/_data/benchmarks.json
fi

python benchmarks/summarise.py
