// Heap bytes that kiwi (nucleic/kiwi, C++) holds for a workload's constraints, measured the way
// `autolayout-bench workload` measures ours: every constraint is built first, then the C
// library's bytes in use are read before and after adding them all to a fresh solver.
// Prints one JSON line. Built and run by Benchmarks/memory.py against kiwi's headers.
#include <kiwi/kiwi.h>
#include <malloc.h>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

double strengthFrom(const std::string& word) {
    if (word == "required") return kiwi::strength::required;
    auto star = word.find('*');
    double weight = star == std::string::npos ? 1.0 : std::stod(word.substr(star + 1));
    std::string level = word.substr(0, star);
    if (level == "strong") return kiwi::strength::create(1, 0, 0, weight);
    if (level == "medium") return kiwi::strength::create(0, 1, 0, weight);
    if (level == "weak") return kiwi::strength::create(0, 0, 1, weight);
    throw std::runtime_error("unknown strength '" + word + "'");
}

// The arena's bytes in use plus the blocks glibc maps on their own (large vectors), as ours.
long long heapInUse() {
    struct mallinfo2 info = mallinfo2();
    return static_cast<long long>(info.uordblks + info.hblkhd);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: kiwi_memory FILE.wl\n");
        return 64;
    }
    std::ifstream file(argv[1]);
    if (!file) {
        std::fprintf(stderr, "error: cannot read %s\n", argv[1]);
        return 65;
    }
    std::string name = "?";
    std::vector<kiwi::Variable> variables;
    std::vector<std::pair<int, double>> edits, suggestions;
    std::vector<kiwi::Constraint> constraints;
    std::string line;
    while (std::getline(file, line)) {
        line = line.substr(0, line.find('#'));
        std::istringstream words(line);
        std::string keyword;
        if (!(words >> keyword)) continue;
        if (keyword == "name") {
            std::string first, second;
            words >> first;
            if (!(words >> second)) name = first;  // `name I LABEL` labels a variable
        } else if (keyword == "vars") {
            int count = 0;
            words >> count;
            variables.clear();
            for (int i = 0; i < count; ++i) variables.emplace_back();
        } else if (keyword == "edit" || keyword == "suggest") {
            int index = 0;
            std::string value;
            words >> index >> value;
            if (keyword == "edit") edits.push_back({index, strengthFrom(value)});
            else suggestions.push_back({index, std::stod(value)});
        } else if (keyword == "c") {
            std::string strength, op;
            double constant = 0, coefficient = 0;
            int index = 0;
            words >> strength >> op >> constant;
            std::vector<kiwi::Term> terms;
            while (words >> coefficient >> index) terms.emplace_back(variables.at(index), coefficient);
            kiwi::RelationalOperator relation = op == "==" ? kiwi::OP_EQ : op == "<=" ? kiwi::OP_LE : kiwi::OP_GE;
            constraints.emplace_back(kiwi::Expression(terms, constant), relation, strengthFrom(strength));
        }
        // `step` lines are the edit loop: not part of what is measured here.
    }
    kiwi::Solver solver;
    for (auto [index, strength] : edits) solver.addEditVariable(variables.at(index), strength);
    for (auto [index, value] : suggestions) solver.suggestValue(variables.at(index), value);
    long long before = heapInUse();
    long long accepted = 0, rejected = 0;
    for (const auto& c : constraints) {
        try {
            solver.addConstraint(c);
            ++accepted;
        } catch (const kiwi::UnsatisfiableConstraint&) {
            ++rejected;
        }
    }
    long long bytes = heapInUse() - before;
    std::printf("{\"workload\":\"%s\",\"engine\":\"kiwi\",\"constraints\":%zu,\"accepted\":%lld,\"rejected\":%lld,"
                "\"heap_bytes\":%lld,\"bytes_per_constraint\":%.6g}\n",
                name.c_str(), constraints.size(), accepted, rejected, bytes,
                static_cast<double>(bytes) / static_cast<double>(accepted > 0 ? accepted : 1));
    return 0;
}
