#!/usr/bin/env python3
"""Fits the weights of the rollout player's fitted base-policy evaluation.

Reads the rows of `solvers/solitaire/examples/fit_data.rs` (one line per placement of a
decision: deal, decision, cards face down, chosen, mean value, then the 13 features of
`cgtk_solitaire::FEATURES`) and fits a conditional logit: in each decision the placements
compete by exp(w . features), and w maximizes the likelihood of the placements played
(Newton's method on standardized features, a ridge of 0.001). Only decisions whose played
placement has a mean value above every other placement's count (a tie teaches nothing);
of those, numbered in order of deal and decision, the even ones are fitted and the odd
ones held out. Prints the weights scaled so
the weight of a card home is 64, and how often the fitted and the order evaluation (64,
-8, -1) pick the placement played in the decisions held out.

    cargo run --release -p cgtk-solitaire --example fit_data -- 3 100000 961 400 > rows.txt
    python3 scripts/fit_base_policy.py rows.txt

On those rows (3 piles, deals 100000-100960, 400 samples) this prints the weights of
`FITTED_3_PILES`. Needs numpy.
"""
import argparse
import itertools

import numpy as np

NAMES = ["home", "wrong-order pairs", "lateness", "empty piles", "blocked cards",
         "height squared", "tops due soon", "top due times", "largest lateness", "due times",
         "ordered piles", "right-order gaps", "far cards"]


def load(path, rows):
    with open(path) as f:
        lines = list(itertools.islice(f, rows)) if rows else f.readlines()
    a = np.array([[float(x) for x in line.split()] for line in lines])
    _, group = np.unique(a[:, 0] * 1000 + a[:, 1], return_inverse=True)
    chosen, mean = a[:, 3], a[:, 4]
    # The decisions whose played placement's mean is above every other placement's.
    n = group.max() + 1
    played = np.zeros(n)
    np.add.at(played, group, chosen * mean)
    others = np.full(n, -np.inf)
    np.maximum.at(others, group, np.where(chosen == 0, mean, -np.inf))
    keep = (played - others > 0)[group]
    _, group = np.unique(group[keep], return_inverse=True)
    return group, chosen[keep], a[keep, 5:]


def fit(group, chosen, x, ridge=1e-3, iterations=50):
    """Maximum likelihood of the conditional logit; weights for the raw features."""
    n = group.max() + 1
    mean = np.zeros((n, x.shape[1]))
    np.add.at(mean, group, x)
    mean /= np.bincount(group, minlength=n)[:, None]
    centred = x - mean[group]
    scale = centred.std(0) + 1e-9
    z = centred / scale
    w = np.zeros(z.shape[1])
    for _ in range(iterations):
        s = z @ w
        top = np.full(n, -np.inf)
        np.maximum.at(top, group, s)
        e = np.exp(s - top[group])
        total = np.zeros(n)
        np.add.at(total, group, e)
        p = e / total[group]
        zbar = np.zeros((n, z.shape[1]))
        np.add.at(zbar, group, p[:, None] * z)
        grad = (chosen[:, None] * z).sum(0) - zbar.sum(0) - ridge * w
        d = z - zbar[group]
        hessian = -(p[:, None, None] * d[:, :, None] * d[:, None, :]).sum(0)
        step = np.linalg.solve(hessian - ridge * np.eye(len(w)), grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w / scale


def agreement(group, chosen, x, w):
    """The mean share of each decision's best-scored placements that were played."""
    s = x @ w
    n = group.max() + 1
    best = np.full(n, -np.inf)
    np.maximum.at(best, group, s)
    top = s >= best[group] - 1e-9
    tops = np.bincount(group, weights=top, minlength=n)
    hits = np.bincount(group, weights=top * chosen, minlength=n)
    return (hits / np.maximum(tops, 1)).mean()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", help="the rows of examples/fit_data.rs")
    parser.add_argument("--rows", dest="count", type=int, default=0,
                        help="read only the first N lines (default: all)")
    args = parser.parse_args()
    group, chosen, x = load(args.rows, args.count)
    train = group % 2 == 0
    renumber = lambda mask: np.unique(group[mask], return_inverse=True)[1]
    w = fit(renumber(train), chosen[train], x[train])
    w = 64 * w / w[0]
    held = ~train
    order = np.zeros(len(w))
    order[:3] = [64, -8, -1]
    print(f"decisions with a placement best by its samples: {group.max() + 1}; "
          "fitted on the even ones")
    print("weights (home = 64):", ", ".join(f"{v:.2f}" for v in w))
    for name, v in zip(NAMES, w):
        print(f"  {name:18} {v:8.2f}")
    for label, weights in [("fitted", w), ("order", order)]:
        share = agreement(renumber(held), chosen[held], x[held], weights)
        print(f"{label} evaluation picks the placement played in {100 * share:.1f}% of the odd decisions")


if __name__ == "__main__":
    main()
