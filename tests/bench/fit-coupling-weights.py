#!/usr/bin/env python3
"""Fit the ranked coupling mode's weights (native/src/coupling/rank.rs) on the tuning projects.

    target/release/examples/bench_coupling_recall --vectors=/tmp/vectors.tsv <tune projects...>
    tests/bench/fit-coupling-weights.py /tmp/vectors.tsv

Each line of the vectors file is one candidate of one human pair: pair id, 1 if it is the human's
coupled method, then the strength of each feature kind (0 when absent), in the order of KINDS. The
model is a conditional logit: per pair, the probability that a candidate is the partner is the
softmax of its score (the weighted sum of strengths) over the pair's candidates; the weights that
maximise the likelihood, with a small L2 penalty, are found by Newton's method, each step halved
until the penalised likelihood rises (an undamped step overshoots on a rare, telling feature and
can settle on a worse optimum). It also prints the
leave-one-project-out figures, to see how well the fitted weights carry over to a project not fitted
on. Standard library only.
"""
import collections
import math
import sys

KINDS = ["Overloading", "SharedNameAndType", "DirectCall", "SharedInvokedApi", "DataDependency",
         "SharedField", "ComplementaryNames", "TypeFlow", "CoUsage", "ReceiverFlow",
         "StateObservation", "ObservableResult", "PublicApi", "NamedProperty",
         "GeneralForm", "SharedInput"]


def load(path):
    pairs = collections.defaultdict(list)
    for line in open(path):
        pair, label, *strengths = line.rstrip("\n").split("\t")
        pairs[pair].append((label == "1", [float(s) for s in strengths]))
    return {p: c for p, c in pairs.items() if any(label for label, _ in c)}


def solve(a, b):
    """Gaussian elimination with partial pivoting: a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(n):
            if r != i and m[i][i]:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def objective(pairs, w, l2):
    """The penalised log-likelihood of the weights: the log-probability of each pair's partner."""
    total = -0.5 * l2 * sum(x * x for x in w)
    for candidates in pairs.values():
        scores = [sum(a * b for a, b in zip(w, x)) for _, x in candidates]
        top = max(scores)
        all_ = top + math.log(sum(math.exp(s - top) for s in scores))
        partner = [s for s, (label, _) in zip(scores, candidates) if label]
        best = max(partner)
        total += best + math.log(sum(math.exp(s - best) for s in partner)) - all_
    return total


def fit(pairs, l2=1.0, iterations=30):
    d = len(KINDS)
    w = [0.0] * d
    for _ in range(iterations):
        grad, hess = [-l2 * x for x in w], [[l2 if i == j else 0.0 for j in range(d)] for i in range(d)]
        for candidates in pairs.values():
            xs = [x for _, x in candidates]
            scores = [sum(a * b for a, b in zip(w, x)) for x in xs]
            top = max(scores)
            e = [math.exp(s - top) for s in scores]
            p = [v / sum(e) for v in e]
            z = sum(v for v, (label, _) in zip(e, candidates) if label)
            q = [v / z if label else 0.0 for v, (label, _) in zip(e, candidates)]
            for dist, sign in ((q, 1.0), (p, -1.0)):
                mean = [sum(dist[i] * xs[i][k] for i in range(len(xs))) for k in range(d)]
                for a in range(d):
                    grad[a] += sign * mean[a]
                    for b in range(d):
                        cov = sum(dist[i] * xs[i][a] * xs[i][b] for i in range(len(xs))) - mean[a] * mean[b]
                        hess[a][b] -= sign * cov
        step = solve(hess, grad)
        current = objective(pairs, w, l2)
        for _ in range(20):
            moved = [a + b for a, b in zip(w, step)]
            if objective(pairs, moved, l2) >= current:
                break
            step = [s / 2 for s in step]
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def figures(pairs, w, cut=10):
    """Among pairs whose partner has a feature: partner in the top 3, top 7, top `cut`."""
    top3 = top7 = top_cut = 0
    for candidates in pairs.values():
        scores = [(sum(a * b for a, b in zip(w, x)), label) for label, x in candidates]
        best = max(s for s, label in scores if label)
        rank = sum(1 for s, label in scores if s > best and not label)
        top3, top7, top_cut = top3 + (rank < 3), top7 + (rank < 7), top_cut + (rank < cut)
    n = max(len(pairs), 1)
    return top3 / n, top7 / n, top_cut / n


def main():
    pairs = load(sys.argv[1])
    w = fit(pairs)
    print("weights (x2 and rounded to quarters give rank.rs):")
    for kind, weight in zip(KINDS, w):
        print(f"  {kind:20s} {weight:6.2f}  {round(weight * 8) / 4:5.2f}")
    print("all projects: top3=%.3f top7=%.3f top10=%.3f" % figures(pairs, w))
    for project in sorted({p.split(":")[0] for p in pairs}):
        train = {p: c for p, c in pairs.items() if not p.startswith(project + ":")}
        held = {p: c for p, c in pairs.items() if p.startswith(project + ":")}
        print(f"fitted without {project}: top3=%.3f top7=%.3f top10=%.3f" % figures(held, fit(train)))


if __name__ == "__main__":
    main()
