// Jump threading on small hand-made flows: where transitions go, which alternatives stay.
#include <doctest/doctest.h>

#include "flow.hpp"

using namespace c2clp;

namespace {

constexpr VarId state = 0;

Flow flow_with_points(std::size_t n) {
    Flow f;
    f.vars.push_back(Variable{"State", "state", "main", IntType{}, {}});
    f.points.resize(n);
    return f;
}

Step set_state(int value) {
    Step s;
    s.updates.emplace_back(state, cst(value));
    return s;
}

Step test_state(Rel rel, int value) {
    Step s;
    s.guards.push_back(Cond{rel, var(state), cst(value)});
    return s;
}

Step havoc_state() {
    Step s;
    s.havocs.push_back(state);
    return s;
}

Edge edge(PointId from, PointId to, std::vector<Path> alts) {
    return Edge{from, Target{Target::Kind::point, to, ""}, std::move(alts), {}, {}};
}

// The targets of the transitions that leave `from`, in order.
std::vector<PointId> targets_of(const Flow& f, PointId from) {
    std::vector<PointId> out;
    for (const Edge& e : f.edges) {
        if (e.from == from) out.push_back(e.to.point);
    }
    return out;
}

}  // namespace

TEST_CASE("a constant assigned before a dispatch on it goes straight to its case") {
    // 0: state = any; 1: switch (state) { case 1: -> 2; case 2: -> 3 }; 2: state = 2 -> 1
    Flow f = flow_with_points(4);
    f.edges.push_back(edge(0, 1, {{havoc_state()}}));
    f.edges.push_back(edge(1, 2, {{test_state(Rel::eq, 1)}}));
    f.edges.push_back(edge(1, 3, {{test_state(Rel::eq, 2)}}));
    f.edges.push_back(edge(2, 1, {{set_state(2)}}));
    thread_known_dispatches(f);
    CHECK(targets_of(f, 0) == std::vector<PointId>{1});     // unknown state: the switch tests it
    CHECK(targets_of(f, 1) == std::vector<PointId>{2, 3});  // the switch keeps both cases
    CHECK(targets_of(f, 2) == std::vector<PointId>{3});     // state = 2 goes to case 2
}

TEST_CASE("a constant known on every run into a point decides a test after it") {
    // 0: state = 1 -> 1; 1: a step that does not touch state -> 2; 2: if (state == 1) -> 3
    // else -> 4
    Flow f = flow_with_points(5);
    f.edges.push_back(edge(0, 1, {{set_state(1)}}));
    f.edges.push_back(edge(1, 2, {{Step{}}}));
    f.edges.push_back(edge(2, 3, {{test_state(Rel::eq, 1)}}));
    f.edges.push_back(edge(2, 4, {{test_state(Rel::ne, 1)}}));
    thread_known_dispatches(f);
    CHECK(targets_of(f, 1) == std::vector<PointId>{3});
}

TEST_CASE("a cycle of tests that a constant decides does not make threading loop") {
    // 0: state = 1 -> 1; 1: while (state == 1) -> 1, else -> 2
    Flow f = flow_with_points(3);
    f.edges.push_back(edge(0, 1, {{set_state(1)}}));
    f.edges.push_back(edge(1, 1, {{test_state(Rel::eq, 1)}}));
    f.edges.push_back(edge(1, 2, {{test_state(Rel::ne, 1)}}));
    thread_known_dispatches(f);
    REQUIRE(targets_of(f, 0).size() == 1);
    CHECK(targets_of(f, 0)[0] == 1);
}

TEST_CASE("alternatives that contradict the known constants are dropped, but a point keeps one rule") {
    // 0: state = 1, then (state == 1 -> 1 | state == 2 -> 2): the second can never fire.
    Flow f = flow_with_points(4);
    f.edges.push_back(edge(0, 1, {{set_state(1), test_state(Rel::eq, 1)},
                                  {set_state(1), test_state(Rel::eq, 2)}}));
    // 1: nothing of it can fire; it must not become a point without rules (a normal end).
    f.edges.push_back(edge(1, 3, {{test_state(Rel::eq, 5)}}));
    thread_known_dispatches(f);
    REQUIRE(f.edges.size() == 2);
    CHECK(f.edges[0].alts.size() == 1);
    CHECK(targets_of(f, 1) == std::vector<PointId>{3});
}
