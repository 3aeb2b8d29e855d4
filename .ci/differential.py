#!/usr/bin/env python3
"""Differential test: our Cassowary solver against kiwisolver on seeded random systems.

    python3 .ci/differential.py                              # CI: 2,000 systems from seed 1
    python3 .ci/differential.py --count 10000                # locally: 10,000 systems, ~30 s
    python3 .ci/differential.py --seed 4711 --count 1 --show # one system and both answers

Each system is generated from its own seed (the base seed plus its number), solved by our
solver through `autolayout-bench solve` (one release process for every system, reading the
statements on standard input; the format is in `autolayout-bench --help`) and by kiwisolver (in
a child process of this script, see below), and every `solve` checkpoint is compared.

Installing kiwisolver: if `import kiwisolver` fails, pip installs it from PyPI into
.build/differential/python (only for this script: the package declares no dependency).

Generator. 2 to 7 variables x_i and a hidden integer point p. Nine in ten variables get a weak
stay `x_i == p_i + noise`; some get required bounds around p_i. Then 1 to 8 constraints over 1
to 3 variables with coefficients from {±0.5, ±1, ±2, 3} and integer or half-integer constants,
relations ==, <=, >=, at required, strong, medium or weak strength with a weight from {0.5, 1,
1.1, 1.3, 1.7, 2} (the odd weights make exact ties between optional constraints, and so optima
that are not unique, rarer; the others keep some). Required constraints are made to hold at p,
so the required set is feasible, except one in eight, whose constant is random and may
conflict: then both solvers must reject the same statements. One system in five is larger: 8 to
12 variables and up to 16 such constraints. Zero to two edit variables at an optional strength
get suggestions before the constraints, and new ones at a second checkpoint; a third checkpoint
follows the removal of one to three constraints, and a fourth the addition of one to four new
ones (and, half the time, of a removed one again). An optimum always exists: every optional
error is >= 0.

Priorities. Ours are exact: no amount of error at a lower level buys any error at a higher one.
kiwi sums the levels with factors 1e6 (strong), 1e3 (medium) and 1 (weak), so it takes a little
more error at one level for over a thousand times less at the level below. The generator keeps
systems small, with small coefficients and weights, so that such a rate of exchange is rare: 1
checkpoint of 225,947 in seeds 3,000,000 to 3,099,999 had one (seed 3012585: kiwi took 0.019
more medium error for 20.5 less weak error). The comparison does not rely on that: at each
checkpoint it evaluates both solutions in both objectives, the vector of errors per level
(ours, compared lexicographically) and kiwi's weighted sum, each solution serving as a witness
against the other solver:
  * same error at every level: agreed. Then every variable that our solver reports as
    determined (`Solver.isAmbiguous` false) must have the same value in both. When none is open
    the optimum is unique and the whole solution is compared; otherwise the checkpoint counts
    as one without a unique optimum, compared by its errors per level and its determined values.
  * kiwi's solution has less error at the first level where they differ: ours is not optimal
    (a mismatch).
  * ours has less, and kiwi's weighted sum is not above ours: a level trade, the documented
    difference, counted and accepted.
  * ours has less, and ours also has the smaller weighted sum: kiwi is not optimal in its own
    objective (a mismatch, kiwi's).
Both solutions must also satisfy every required constraint held at that point, and both solvers
must have rejected the same `c` statements.

Uniqueness is not taken on our word alone: where the errors agree, kiwi probes the optimal face.
It solves the constraints in force again with pulls of weight 1e-5 (of weak's 1) towards targets
1000 away: once with every variable pulled, each in a random direction, where each variable our
solver calls determined must keep its value; and once each way with each variable it calls open
pulled alone, where it must move. A pull that small moves a variable only along a direction that
costs nothing at any level, as long as every direction that costs something costs more than the
pulls gain: a probe whose solution has more error than ours is counted inconclusive (with pulls
of 1e-3, 1 of 381,060 probes was), and one with less error at the first level where they differ
shows that ours is not optimal (a mismatch).

kiwi's faults. kiwi is known to leave its tableau inconsistent after it rejects an
unsatisfiable constraint, so after each rejection this script goes on with a new kiwi solver
holding what is in force (edit variables, their last suggestions, the constraints held). And
kiwi 1.5.1 can break a required equality when another, redundant one is removed (`x == 10`
added twice with a weak `x == 0`, remove one: x becomes 0; our solver had the mirror-image
fault, found by this script): where kiwi's incremental solution violates a required constraint,
kiwi solves what is in force afresh, in a new solver that it goes on with, and the checkpoint,
compared with that, counts as a kiwi fault. kiwi 1.5.1 also aborts its process on some systems
(an uncaught InternalSolverError, "The objective is unbounded": seed 2090255, the only one in
seeds 2,000,000 to 2,099,999 and 3,000,000 to 3,099,999; its constraints added in other orders
solve fine, to our solution); so kiwi runs in a child process of
this script, and a system that kills it is reported as a kiwi crash, ours being checked against
the required constraints alone there, and the child restarted with the next system.

Tolerance: TOLERANCE = 1e-6, relative to the size of the numbers compared. Two values match when
|a - b| <= 1e-6 * max(1, |a|, |b|); a level's error sums match when they differ by at most 1e-6
times max(1, the level's weighted sum of |constant| + sum |coefficient * value| over both
solutions); a required constraint holds when its violation is at most 1e-6 * max(1, that sum).
Both solvers pivot with tolerances near 1e-8, and the systems' numbers are at most a few
hundred, so honest rounding stays far below these bounds.

Exit status: 0 when everything agreed (level trades, kiwi faults and kiwi crashes are reported
and allowed), 1 on a mismatch (the first few are printed with their seeds), 64 on bad usage, 69
when kiwisolver is missing and cannot be installed (PyPI unreachable or pip missing), 70 when
building or running autolayout-bench fails, or the kiwi child fails other than by kiwi's abort.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOLERANCE = 1e-6
LEVELS = ("strong", "medium", "weak")
KIWI_FACTORS = {"strong": 1e6, "medium": 1e3, "weak": 1.0}
WEIGHTS = (1, 1, 2, 0.5, 1.1, 1.3, 1.7)
COEFFICIENTS = (1, 1, 1, -1, -1, 2, -2, 3, 0.5, -0.5)
EXIT_MISMATCH, EXIT_USAGE, EXIT_UNAVAILABLE, EXIT_SOFTWARE = 1, 64, 69, 70
SHOWN_MISMATCHES = 5
# The probes of the optimal face: pulls this far, at this weight (weak is 1), move a variable
# exactly when some solution just as good at every level gives it another value.
PULL_REACH = 1000.0
PULL_WEIGHT = 1e-5


def fail(message, status):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(status)


# MARK: kiwisolver

def import_kiwisolver():
    """kiwisolver, installed with pip into .build/differential/python when it is missing."""
    try:
        import kiwisolver
        return kiwisolver
    except ImportError:
        pass
    target = ROOT / ".build" / "differential" / "python"
    sys.path.insert(0, str(target))
    try:
        import kiwisolver
        return kiwisolver
    except ImportError:
        pass
    if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode != 0:
        fail(f"kiwisolver is not installed and {sys.executable} has no pip to install it "
             "(install python3-pip, or run `pip install kiwisolver`)", EXIT_UNAVAILABLE)
    print(f"installing kiwisolver from PyPI into {target.relative_to(ROOT)}", file=sys.stderr)
    environment = dict(os.environ, PIP_ROOT_USER_ACTION="ignore", PIP_DISABLE_PIP_VERSION_CHECK="1")
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", str(target),
                          "kiwisolver>=1.4,<2"], capture_output=True, text=True, env=environment)
    if pip.returncode != 0:
        lines = (pip.stderr or pip.stdout).strip().splitlines()
        detail = "\n".join(lines[-6:])
        fail("kiwisolver is not installed and pip could not install it: PyPI may be unreachable.\n"
             f"{detail}", EXIT_UNAVAILABLE)
    import importlib
    importlib.invalidate_caches()
    try:
        import kiwisolver
        return kiwisolver
    except ImportError as error:
        fail(f"pip installed kiwisolver but it does not import: {error}", EXIT_UNAVAILABLE)


# MARK: Systems

def number(x):
    """A number as the statements write it: integers without a point, others in full."""
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def strength_text(strength):
    level, weight = strength
    return level if weight == 1 else f"{level}*{number(weight)}"


class System:
    """A list of statements, as tuples:
    ("edit", i, strength), ("suggest", i, value), ("c", k, strength, op, constant, terms),
    ("remove", k), ("solve",); a strength is (level, weight) with level "required" or a LEVELS
    entry, terms are (coefficient, i) pairs, and k numbers the `c` statements from 0."""

    def __init__(self, seed, variable_count, statements):
        self.seed = seed
        self.variable_count = variable_count
        self.statements = statements

    def text(self):
        lines = [f"system {self.seed}", f"vars {self.variable_count}"]
        for s in self.statements:
            if s[0] == "edit":
                lines.append(f"edit {s[1]} {strength_text(s[2])}")
            elif s[0] == "suggest":
                lines.append(f"suggest {s[1]} {number(s[2])}")
            elif s[0] == "c":
                _, _, strength, op, constant, terms = s
                words = ["c", strength_text(strength), op, number(constant)]
                for coefficient, i in terms:
                    words += [number(coefficient), str(i)]
                lines.append(" ".join(words))
            elif s[0] == "remove":
                lines.append(f"remove {s[1]}")
            else:
                lines.append("solve")
        return "\n".join(lines) + "\n"


def generate(seed):
    """A random system from its seed (the design is in the module's docstring)."""
    rng = random.Random(seed)
    large = rng.random() < 0.2
    n = rng.randint(8, 12) if large else rng.randint(2, 7)
    hidden = [rng.randint(-50, 50) for _ in range(n)]
    statements = []

    def optional():
        return (rng.choice(LEVELS), rng.choice(WEIGHTS))

    def random_constraint():
        chosen = rng.sample(range(n), rng.randint(1, min(3, n)))
        terms = [(rng.choice(COEFFICIENTS), i) for i in chosen]
        op = rng.choice(("==", "==", "<=", ">="))
        at_hidden = sum(a * hidden[i] for a, i in terms)
        offset = rng.randint(0, 40) / rng.choice((1, 2))
        if rng.random() < 0.35:
            strength = ("required", 1)
            if rng.random() < 0.125:
                constant = rng.randint(-100, 100)  # may conflict with the others
            elif op == "==":
                constant = -at_hidden
            elif op == ">=":
                constant = -at_hidden + offset
            else:
                constant = -at_hidden - offset
        else:
            strength = optional()
            constant = -at_hidden + rng.choice((-1, 1)) * offset
        return (strength, op, constant, terms)

    edits = rng.sample(range(n), rng.choice((0, 0, 1, 1, 2)))
    for i in edits:
        statements.append(("edit", i, optional()))
        statements.append(("suggest", i, hidden[i] + rng.randint(-40, 40)))

    constraints = []  # (strength, op, constant, terms), numbered in the order they are added
    for i in range(n):
        if rng.random() < 0.9:
            constraints.append((("weak", rng.choice(WEIGHTS)), "==", -(hidden[i] + rng.randint(-20, 20)), [(1, i)]))
        if rng.random() < 0.3:
            constraints.append((("required", 1), ">=", -(hidden[i] - rng.randint(0, 30)), [(1, i)]))
        if rng.random() < 0.3:
            constraints.append((("required", 1), "<=", -(hidden[i] + rng.randint(0, 30)), [(1, i)]))
    for _ in range(rng.randint(1, 16 if large else 8)):
        constraints.append(random_constraint())
    rng.shuffle(constraints)
    for k, constraint in enumerate(constraints):
        statements.append(("c", k, *constraint))
    statements.append(("solve",))

    if edits and rng.random() < 0.6:
        for i in edits:
            statements.append(("suggest", i, hidden[i] + rng.randint(-60, 60)))
        statements.append(("solve",))
    removed = []
    if rng.random() < 0.5:
        removed = rng.sample(range(len(constraints)), min(len(constraints), rng.randint(1, 3)))
        for k in removed:
            statements.append(("remove", k))
        statements.append(("solve",))
    if rng.random() < 0.4:
        more = [random_constraint() for _ in range(rng.randint(1, 4))]
        if removed and rng.random() < 0.5:
            more.append(constraints[rng.choice(removed)])  # the same constraint again
        for constraint in more:
            statements.append(("c", len(constraints), *constraint))
            constraints.append(constraint)
        statements.append(("solve",))
    return System(seed, n, statements)


# MARK: Solving

def kiwi_strength(kiwi, strength):
    level, weight = strength
    if level == "required":
        return kiwi.strength.required
    return kiwi.strength.create(*(1 if name == level else 0 for name in LEVELS), weight)


def solve_with_kiwi(kiwi, system):
    """Per `solve`: (values, rejected statement numbers, whether kiwi's incremental solution
    broke a required constraint and kiwi solved afresh instead)."""
    variables = [kiwi.Variable(f"x{i}") for i in range(system.variable_count)]
    edits, suggestions, held = {}, {}, {}  # what is in force, in the order it came
    rejected = []
    results = []

    def afresh():
        """A new kiwi solver holding what is in force: the workaround for kiwi's faults."""
        solver = kiwi.Solver()
        for i, strength in edits.items():
            solver.addEditVariable(variables[i], strength)
            if i in suggestions:
                solver.suggestValue(variables[i], suggestions[i])
        for constraint in held.values():
            solver.addConstraint(constraint)
        return solver

    solver = kiwi.Solver()
    for s in system.statements:
        if s[0] == "edit":
            edits[s[1]] = kiwi_strength(kiwi, s[2])
            solver.addEditVariable(variables[s[1]], edits[s[1]])
        elif s[0] == "suggest":
            suggestions[s[1]] = float(s[2])
            solver.suggestValue(variables[s[1]], suggestions[s[1]])
        elif s[0] == "c":
            _, k, strength, op, constant, terms = s
            expression = kiwi.Expression([kiwi.Term(variables[i], float(a)) for a, i in terms], float(constant))
            constraint = kiwi.Constraint(expression, op, kiwi_strength(kiwi, strength))
            try:
                solver.addConstraint(constraint)
                held[k] = constraint
            except kiwi.UnsatisfiableConstraint:
                rejected.append(k)
                solver = afresh()
        elif s[0] == "remove":
            if s[1] in held:
                solver.removeConstraint(held.pop(s[1]))
        else:
            solver.updateVariables()
            values = [v.value() for v in variables]
            fault = violated_required(held_rows(system, len(results), set(rejected)), values) is not None
            if fault:
                solver = afresh()
                solver.updateVariables()
                values = [v.value() for v in variables]
            results.append((values, sorted(rejected), fault))
    return results


def solve_with_ours(bench, systems):
    """Per system, per `solve`: (values, open variable numbers, rejected statement numbers)."""
    text = "".join(system.text() for system in systems)
    run = subprocess.run([str(bench), "solve"], input=text, capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"autolayout-bench solve exited {run.returncode}:\n{run.stderr.strip()}", EXIT_SOFTWARE)
    results = {system.seed: [] for system in systems}
    for line in run.stdout.splitlines():
        name, checkpoint, values, open_, rejected = line.split("\t")
        answers = results[int(name)]
        if int(checkpoint) != len(answers):
            fail(f"autolayout-bench solve printed checkpoint {checkpoint} of system {name} out of order", EXIT_SOFTWARE)
        answers.append(([float(v) for v in values.split()], [int(i) for i in open_.split()],
                        [int(k) for k in rejected.split()]))
    return results


# MARK: Comparing

def held_rows(system, checkpoint, rejected):
    """The constraints in force at a checkpoint, each as (strength, op, constant, terms):
    accepted `c` statements not yet removed, and edit constraints at their latest suggestion."""
    rows, edits, suggestions = {}, {}, {}
    solves = 0
    for s in system.statements:
        if s[0] == "solve":
            if solves == checkpoint:
                break
            solves += 1
        elif s[0] == "c" and s[1] not in rejected:
            rows[s[1]] = s[2:]
        elif s[0] == "remove":
            rows.pop(s[1], None)
        elif s[0] == "edit":
            edits[s[1]] = s[2]
        elif s[0] == "suggest":
            suggestions[s[1]] = s[2]
    result = list(rows.values())
    for i, strength in edits.items():
        result.append((strength, "==", -suggestions.get(i, 0), [(1, i)]))
    return result


def variables_seen(system, checkpoint, rejected):
    """The variables that an edit or an accepted `c` statement named before the checkpoint."""
    seen, solves = set(), 0
    for s in system.statements:
        if s[0] == "solve":
            if solves == checkpoint:
                break
            solves += 1
        elif s[0] == "edit":
            seen.add(s[1])
        elif s[0] == "c" and s[1] not in rejected:
            seen.update(i for _, i in s[5])
    return seen


def evaluate(row, x):
    """(error, scale) of a row at x: how far it is from holding, and the size of its terms."""
    _, op, constant, terms = row
    residual = constant + sum(a * x[i] for a, i in terms)
    scale = abs(constant) + sum(abs(a * x[i]) for a, i in terms)
    error = abs(residual) if op == "==" else max(0.0, -residual) if op == ">=" else max(0.0, residual)
    return error, scale


def objective(rows, x):
    """Per level: (weighted error sum, weighted scale sum)."""
    sums = {level: [0.0, 0.0] for level in LEVELS}
    for row in rows:
        level, weight = row[0]
        if level != "required":
            error, scale = evaluate(row, x)
            sums[level][0] += weight * error
            sums[level][1] += weight * scale
    return sums


def violated_required(rows, x):
    for row in rows:
        if row[0][0] == "required":
            error, scale = evaluate(row, x)
            if error > TOLERANCE * max(1.0, scale):
                return row
    return None


def row_text(row):
    strength, op, constant, terms = row
    return " + ".join(f"{number(a)}*x{i}" for a, i in terms) + f" + {number(constant)} {op} 0 ({strength_text(strength)})"


def kiwi_probe(kiwi, rows, variable_count, pulls):
    """kiwi's values for `rows` (edits as plain constraints) in a new solver, with a pull of
    weight PULL_WEIGHT below weak towards each (variable, target) of `pulls`."""
    variables = [kiwi.Variable(f"x{i}") for i in range(variable_count)]
    solver = kiwi.Solver()
    for strength, op, constant, terms in rows:
        expression = kiwi.Expression([kiwi.Term(variables[i], float(a)) for a, i in terms], float(constant))
        solver.addConstraint(kiwi.Constraint(expression, op, kiwi_strength(kiwi, strength)))
    for i, target in pulls:
        solver.addConstraint(kiwi.Constraint(variables[i] - target, "==", kiwi.strength.create(0, 0, 1, PULL_WEIGHT)))
    solver.updateVariables()
    return [v.value() for v in variables]


def level_order(ox, oy):
    """-1, 0 or 1 as objective ox (from `objective`) has less, the same or more error than oy at
    the first level where they differ beyond the tolerance, that level's errors in words, and
    the tolerance per level."""
    tolerances = {level: TOLERANCE * max(1.0, ox[level][1], oy[level][1]) for level in LEVELS}
    for level in LEVELS:
        difference = ox[level][0] - oy[level][0]
        if abs(difference) > tolerances[level]:
            return (-1 if difference < 0 else 1), f"{level} error {ox[level][0]!r} against {oy[level][0]!r}", tolerances
    return 0, None, tolerances


def moved(a, b):
    return abs(a - b) > TOLERANCE * max(1.0, abs(a), abs(b))


class Probes:
    """Counts of the probes of the optimal face, and of those that could not decide."""

    def __init__(self):
        self.run = 0
        self.inconclusive = 0


def compare(kiwi, system, checkpoint, ours, theirs, probes, rng):
    """(outcome, message) for one checkpoint: 'unique', 'open', 'trade', or 'mismatch' with a
    message."""
    our_values, open_, our_rejected = ours
    kiwi_values, kiwi_rejected, _ = theirs
    if our_rejected != kiwi_rejected:
        return "mismatch", f"rejected statements differ: ours {our_rejected}, kiwi {kiwi_rejected}"
    rows = held_rows(system, checkpoint, set(our_rejected))
    for who, x in (("ours", our_values), ("kiwi", kiwi_values)):
        row = violated_required(rows, x)
        if row is not None:
            return "mismatch", f"{who} violates the required {row_text(row)}"
    our_objective = objective(rows, our_values)
    order, errors, tolerances = level_order(our_objective, objective(rows, kiwi_values))
    if order == 1:
        return "mismatch", f"ours is not optimal: kiwi's solution has less error (at the {errors}, kiwi's)"
    if order == -1:
        weighted_ours = sum(KIWI_FACTORS[level] * e for level, (e, _) in our_objective.items())
        weighted_kiwi = sum(KIWI_FACTORS[level] * e for level, (e, _) in objective(rows, kiwi_values).items())
        if weighted_kiwi <= weighted_ours + sum(KIWI_FACTORS[level] * tolerances[level] for level in LEVELS):
            return "trade", None
        return "mismatch", (f"kiwi is not optimal in its own weighted objective ({weighted_kiwi!r} against ours "
                            f"{weighted_ours!r}; {errors}, ours against kiwi's)")
    for i, (a, b) in enumerate(zip(our_values, kiwi_values)):
        if i not in open_ and moved(a, b):
            return "mismatch", f"x{i} is {a!r} in ours (determined) but {b!r} in kiwi, at equal errors"

    better = []

    def probe(pulls):
        """kiwi's probed values, or None when the pulls cost error at some level (inconclusive)
        or found less (noted in `better`)."""
        probes.run += 1
        values = kiwi_probe(kiwi, rows, system.variable_count, pulls)
        order, errors, _ = level_order(objective(rows, values), our_objective)
        if order == -1 and violated_required(rows, values) is None:
            better.append(errors)
        if order != 0 or violated_required(rows, values) is not None:
            probes.inconclusive += order != -1
            return None
        return values

    # Every variable pulled far, each in a random direction: the determined ones must stay. (A
    # variable that no constraint has named is 0 and, as documented, not ambiguous in ours.)
    seen = variables_seen(system, checkpoint, set(our_rejected))
    values = probe([(i, x + rng.choice((-1, 1)) * PULL_REACH) for i, x in enumerate(our_values)])
    if values is not None:
        for i, (a, b) in enumerate(zip(our_values, values)):
            if i in seen and i not in open_ and moved(a, b):
                return "mismatch", f"x{i} is determined in ours ({a!r}), but kiwi moves it to {b!r} at no cost"
    # Each open variable pulled both ways, alone: it must move one way or the other.
    for i in open_:
        outcomes = [probe([(i, our_values[i] + d * PULL_REACH)]) for d in (-1, 1)]
        if None not in outcomes and not any(moved(our_values[i], v[i]) for v in outcomes):
            return "mismatch", f"x{i} is open in ours, but kiwi cannot move it from {our_values[i]!r} at no cost"
    if better:
        return "mismatch", f"ours is not optimal: a probe found less error (at the {better[0]}, the probe's)"
    return ("open" if open_ else "unique"), None


# MARK: Main

class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        fail(message, EXIT_USAGE)


def build_bench():
    """The release autolayout-bench, built (incrementally) first."""
    print("building autolayout-bench (release)", file=sys.stderr)
    for command in (["swift", "build", "-c", "release", "--product", "autolayout-bench"],
                    ["swift", "build", "-c", "release", "--show-bin-path"]):
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"{' '.join(command)} failed:\n{(run.stdout + run.stderr).strip()}", EXIT_SOFTWARE)
    return Path(run.stdout.strip()) / "autolayout-bench"


def check_system(kiwi, system, mine, show):
    """Solves one system with kiwi and compares every checkpoint with ours (`mine`): a report of
    counts, mismatch lines and, with `show`, the text to print."""
    theirs = solve_with_kiwi(kiwi, system)
    if len(mine) != len(theirs):
        fail(f"system {system.seed}: autolayout-bench printed {len(mine)} checkpoints, expected {len(theirs)}",
             EXIT_SOFTWARE)
    report = dict(seed=system.seed, solves=len(theirs), unique=0, open=0, trade=0, faults=0, values=0, left_open=0,
                  rejections=len(theirs[-1][1]) if theirs else 0, probes=0, inconclusive=0, mismatches=[], notes=[],
                  show=system.text() if show else "")
    probes = Probes()
    for checkpoint, (a, b) in enumerate(zip(mine, theirs)):
        rng = random.Random(f"{system.seed}:{checkpoint}")
        inconclusive = probes.inconclusive
        outcome, message = compare(kiwi, system, checkpoint, a, b, probes, rng)
        if outcome == "trade":
            report["notes"].append(f"seed {system.seed}, solve {checkpoint}: a level trade by kiwi")
        if probes.inconclusive > inconclusive:
            report["notes"].append(f"seed {system.seed}, solve {checkpoint}: an inconclusive probe")
        report["faults"] += b[2]
        if outcome == "mismatch":
            report["mismatches"].append(f"seed {system.seed}, solve {checkpoint}: {message}")
        else:
            report[outcome] += 1
        if outcome in ("unique", "open"):
            report["values"] += len(a[0]) - len(a[1])
            report["left_open"] += len(a[1])
        if show:
            fault = " (kiwi broke a required constraint: compared with kiwi solving afresh)" if b[2] else ""
            report["show"] += (f"# solve {checkpoint}: {outcome}{': ' + message if message else ''}{fault}\n"
                               f"#   ours {a[0]} open {a[1]} rejected {a[2]}\n#   kiwi {b[0]} rejected {b[1]}\n")
    report["probes"], report["inconclusive"] = probes.run, probes.inconclusive
    return report


def run_worker(show):
    """The kiwi side, in a child process: kiwi aborts the process on some internal errors, which
    the parent then reports against the system at fault. Reads one JSON line per system (its seed
    and our answers), writes one JSON report line per system."""
    kiwi = import_kiwisolver()
    for line in sys.stdin:
        job = json.loads(line)
        print(json.dumps(check_system(kiwi, generate(job["seed"]), job["ours"], show)), flush=True)


def check_all(systems, ours, show):
    """The reports of every system, and the (seed, message) of each system on which kiwi crashed."""
    reports, crashes = {}, []
    pending = [system.seed for system in systems]
    command = [sys.executable, str(Path(__file__).resolve()), "--worker"] + (["--show"] if show else [])
    while pending:
        jobs = "".join(json.dumps({"seed": seed, "ours": ours[seed]}) + "\n" for seed in pending)
        run = subprocess.run(command, input=jobs, capture_output=True, text=True)
        for line in run.stdout.splitlines():
            report = json.loads(line)
            reports[report["seed"]] = report
        pending = [seed for seed in pending if seed not in reports]
        if run.returncode > 0 or (run.returncode == 0 and pending):
            fail(f"the kiwisolver worker failed (exit {run.returncode}):\n{run.stderr.strip()}", EXIT_SOFTWARE)
        if run.returncode < 0:
            message = " ".join(line.strip() for line in run.stderr.strip().splitlines()[-2:]) or f"signal {-run.returncode}"
            crashes.append((pending.pop(0), message))
    return reports, crashes


def main():
    parser = Parser(description="Compare our Cassowary solver with kiwisolver on seeded random systems.",
                    epilog="Exit status: 0 agreed, 1 mismatch, 64 usage, 69 kiwisolver unavailable, 70 build or run failed.")
    parser.add_argument("--count", type=int, default=2000, help="number of systems (default 2000, the CI count)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first system; system i uses SEED+i (default 1)")
    parser.add_argument("--show", action="store_true", help="print each system and both solvers' answers")
    parser.add_argument("--no-build", action="store_true", help="use the release autolayout-bench as it is")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        run_worker(arguments.show)
        return
    if arguments.count < 1:
        parser.error("--count must be at least 1")

    start = time.monotonic()
    kiwi = import_kiwisolver()
    if arguments.no_build:
        bench = ROOT / ".build" / "release" / "autolayout-bench"
    else:
        bench = build_bench()
    built = time.monotonic()

    systems = [generate(arguments.seed + i) for i in range(arguments.count)]
    ours = solve_with_ours(bench, systems)
    reports, crashes = check_all(systems, ours, arguments.show)
    total = {key: sum(r[key] for r in reports.values())
             for key in ("solves", "unique", "open", "trade", "faults", "values", "left_open", "rejections", "probes",
                         "inconclusive")}
    mismatches = [line for system in systems if system.seed in reports for line in reports[system.seed]["mismatches"]]
    for seed, message in crashes:
        # Without kiwi's answers, ours is checked against the required constraints alone.
        system = next(s for s in systems if s.seed == seed)
        for checkpoint, (values, _, rejected) in enumerate(ours[seed]):
            total["solves"] += 1
            row = violated_required(held_rows(system, checkpoint, set(rejected)), values)
            if row is not None:
                mismatches.append(f"seed {seed}, solve {checkpoint}: ours violates the required {row_text(row)}")
    if arguments.show:
        for system in systems:
            print(reports[system.seed]["show"] if system.seed in reports else system.text() + "# kiwi crashed\n", end="")

    notes = [line for system in systems if system.seed in reports for line in reports[system.seed]["notes"]]
    for line in notes[:SHOWN_MISMATCHES]:
        print(f"NOTE {line}")
    for seed, message in crashes[:SHOWN_MISMATCHES]:
        print(f"KIWI CRASH seed {seed}: {message}")
    for line in mismatches[:SHOWN_MISMATCHES]:
        print(f"MISMATCH {line}")
    if len(mismatches) > SHOWN_MISMATCHES:
        print(f"... and {len(mismatches) - SHOWN_MISMATCHES} more")
    if mismatches:
        first = mismatches[0].split(",")[0].split()[1]
        print(f"reproduce one: python3 .ci/differential.py --seed {first} --count 1 --show")
    elapsed = time.monotonic() - start
    print(f"differential: {len(systems)} systems (seeds {arguments.seed}…{arguments.seed + len(systems) - 1}), "
          f"{total['solves']} solves against kiwisolver {kiwi.__version__}: "
          f"{total['unique']} with a unique optimum (values compared), "
          f"{total['open']} without (errors per level compared, and the values the optimum fixes), "
          f"{total['trade']} level trades, {total['faults']} kiwi faults (compared with kiwi solving afresh), "
          f"{len(crashes)} kiwi crashes (ours checked against the required constraints alone), "
          f"{total['rejections']} required constraints rejected by both; "
          f"{total['values']} values compared, {total['left_open']} left open; "
          f"{total['probes']} probes of the optimal face ({total['inconclusive']} inconclusive); "
          f"{len(mismatches)} mismatches; {elapsed:.1f} s ({built - start:.1f} s to install and build)")
    sys.exit(EXIT_MISMATCH if mismatches else 0)


if __name__ == "__main__":
    main()
