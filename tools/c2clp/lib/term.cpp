#include "term.hpp"

namespace c2clp {

Integer IntType::min() const {
    if (is_bool || !is_signed) return 0;
    return -(Integer(1) << (bits - 1));
}
Integer IntType::max() const {
    if (is_bool) return 1;
    return is_signed ? (Integer(1) << (bits - 1)) - 1 : (Integer(1) << bits) - 1;
}
Integer IntType::modulus() const { return Integer(1) << bits; }
bool IntType::contains(const IntType& o) const { return min() <= o.min() && o.max() <= max(); }
std::string IntType::c_name() const {
    if (is_bool) return "_Bool";
    return (is_signed ? "int" : "uint") + std::to_string(bits) + "_t";
}

namespace {

Term make(Op op, Term a = nullptr, Term b = nullptr) {
    auto n = std::make_shared<TermNode>();
    n->op = op;
    n->a = std::move(a);
    n->b = std::move(b);
    return n;
}

bool is_value(const Term& t, int v) { return t->op == Op::constant && t->value == v; }

}  // namespace

Term cst(const Integer& v) {
    auto n = std::make_shared<TermNode>();
    n->value = v;
    return n;
}
Term var(VarId v) {
    auto n = std::make_shared<TermNode>();
    n->op = Op::var;
    n->id = v;
    return n;
}
Term input(std::uint32_t k) {
    auto n = std::make_shared<TermNode>();
    n->op = Op::input;
    n->id = k;
    return n;
}
bool is_const(const Term& t) { return t->op == Op::constant; }
Term select(const Term& array, const Term& index) { return make(Op::select, array, index); }
Term store(const Term& array, const Term& index, const Term& value) {
    auto n = std::make_shared<TermNode>();
    n->op = Op::store;
    n->a = array;
    n->b = index;
    n->c = value;
    return n;
}

Term const_array(const Integer& value) { return make(Op::const_array, cst(value)); }

Term neg(const Term& a) {
    if (is_const(a)) return cst(-a->value);
    if (a->op == Op::neg) return a->a;
    return make(Op::neg, a);
}
Term add(const Term& a, const Term& b) {
    if (is_const(a) && is_const(b)) return cst(a->value + b->value);
    if (is_value(b, 0)) return a;
    if (is_value(a, 0)) return b;
    if (is_const(b) && b->value < 0) return make(Op::sub, a, cst(-b->value));
    return make(Op::add, a, b);
}
Term sub(const Term& a, const Term& b) {
    if (is_const(a) && is_const(b)) return cst(a->value - b->value);
    if (is_value(b, 0)) return a;
    if (is_const(b) && b->value < 0) return make(Op::add, a, cst(-b->value));
    return make(Op::sub, a, b);
}
Term mul(const Term& a, const Term& b) {
    if (is_const(a) && is_const(b)) return cst(a->value * b->value);
    if (is_value(a, 1)) return b;
    if (is_value(b, 1)) return a;
    if (is_value(a, 0) || is_value(b, 0)) return cst(0);
    return make(Op::mul, a, b);
}
Term ediv(const Term& a, const Term& b) {
    if (is_const(a) && is_const(b) && b->value != 0) {
        // Euclidean: the remainder is never negative.
        Integer q = a->value / b->value;  // truncates
        Integer r = a->value - q * b->value;
        if (r < 0) q += b->value > 0 ? -1 : 1;
        return cst(q);
    }
    if (is_value(b, 1)) return a;
    return make(Op::div, a, b);
}
Term emod(const Term& a, const Term& b) {
    if (is_const(a) && is_const(b) && b->value != 0) {
        Integer r = a->value % b->value;
        if (r < 0) r += abs(b->value);
        return cst(r);
    }
    return make(Op::mod, a, b);
}

Term shift_inputs(const Term& t, std::uint32_t offset) {
    if (offset == 0 || t->op == Op::constant || t->op == Op::var) return t;
    if (t->op == Op::input) return input(t->id + offset);
    auto n = std::make_shared<TermNode>(*t);
    n->a = shift_inputs(t->a, offset);
    if (t->b) n->b = shift_inputs(t->b, offset);
    if (t->c) n->c = shift_inputs(t->c, offset);
    return n;
}

Cond negate(const Cond& c) {
    static constexpr Rel opposite[] = {Rel::ne, Rel::eq, Rel::ge, Rel::gt, Rel::le, Rel::lt};
    return {opposite[static_cast<int>(c.rel)], c.lhs, c.rhs};
}
Cond shift_inputs(const Cond& c, std::uint32_t offset) {
    return {c.rel, shift_inputs(c.lhs, offset), shift_inputs(c.rhs, offset)};
}
int const_truth(const Cond& c) {
    if (!is_const(c.lhs) || !is_const(c.rhs)) return -1;
    const Integer& l = c.lhs->value;
    const Integer& r = c.rhs->value;
    switch (c.rel) {
    case Rel::eq: return l == r;
    case Rel::ne: return l != r;
    case Rel::lt: return l < r;
    case Rel::le: return l <= r;
    case Rel::gt: return l > r;
    case Rel::ge: return l >= r;
    }
    return -1;
}

namespace {

// Binding strength: 1 additive, 2 multiplicative, 3 prefix minus, 4 atoms.
int strength(const Term& t) {
    switch (t->op) {
    case Op::add:
    case Op::sub: return 1;
    case Op::mul:
    case Op::div:
    case Op::mod: return 2;
    case Op::neg: return 3;
    case Op::constant: return t->value < 0 ? 3 : 4;
    default: return 4;
    }
}

std::string wrap_if(const std::string& s, bool parens) { return parens ? "(" + s + ")" : s; }

}  // namespace

// Parentheses exactly where `clpi fmt` puts them (src/clp/format.cpp), so that the text is
// already in canonical form: an operand is wrapped when it binds less tightly than its
// place needs.
std::string print(const Term& t, const Namer& name) {
    auto sub = [&](const Term& a, int needed) {
        return wrap_if(print(a, name), strength(a) < needed);
    };
    switch (t->op) {
    case Op::constant: return t->value.str();
    case Op::var:
    case Op::input: return name(*t);
    case Op::neg: return "-" + sub(t->a, 3);
    case Op::add: return sub(t->a, 1) + " + " + sub(t->b, 2);
    case Op::sub: return sub(t->a, 1) + " - " + sub(t->b, 2);
    case Op::mul: return sub(t->a, 2) + " * " + sub(t->b, 3);
    case Op::div: return sub(t->a, 2) + " div " + sub(t->b, 3);
    case Op::mod: return sub(t->a, 2) + " mod " + sub(t->b, 3);
    case Op::select: return "select(" + print(t->a, name) + ", " + print(t->b, name) + ")";
    case Op::store:
        return "store(" + print(t->a, name) + ", " + print(t->b, name) + ", " + print(t->c, name) + ")";
    case Op::const_array: return "const_array(" + print(t->a, name) + ")";
    }
    return "?";
}

std::string print(const Cond& c, const Namer& name) {
    static constexpr const char* text[] = {" = ", " != ", " < ", " <= ", " > ", " >= "};
    return print(c.lhs, name) + text[static_cast<int>(c.rel)] + print(c.rhs, name);
}

}  // namespace c2clp
