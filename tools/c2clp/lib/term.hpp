// Arithmetic terms and constraints over the converter's variables, with C integer types.
// Terms are immutable trees shared between the alternatives of an expression.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "clpi/program.hpp"

namespace c2clp {

using clpi::Integer;
using VarId = std::uint32_t;

// A C integer type after the data model fixed its width.
struct IntType {
    unsigned bits = 32;
    bool is_signed = true;
    bool is_bool = false;  // _Bool: the values 0 and 1

    [[nodiscard]] Integer min() const;
    [[nodiscard]] Integer max() const;
    [[nodiscard]] Integer modulus() const;  // 2^bits
    [[nodiscard]] bool contains(const IntType& other) const;
    [[nodiscard]] std::string c_name() const;
    friend bool operator==(const IntType&, const IntType&) = default;
};

// `select` and `store` read and write an array variable (`a` the array, `b` the index, `c`
// the value stored): C arrays are CLP arrays from integers to integers. `const_array` is the
// array with the constant `a` at every index (what a large zero initialiser starts from).
enum class Op { constant, var, input, neg, add, sub, mul, div, mod, select, store, const_array };

struct TermNode;
using Term = std::shared_ptr<const TermNode>;

// `div` and `mod` are the CLP (Euclidean) operations; C's are built from them.
struct TermNode {
    Op op = Op::constant;
    Integer value;      // constant
    std::uint32_t id = 0;  // var: VarId; input: index of the fresh input in its alternative
    Term a, b, c;
};

Term cst(const Integer& v);
Term var(VarId v);
Term input(std::uint32_t k);
Term neg(const Term& a);
Term add(const Term& a, const Term& b);
Term sub(const Term& a, const Term& b);
Term mul(const Term& a, const Term& b);
Term ediv(const Term& a, const Term& b);
Term emod(const Term& a, const Term& b);
Term select(const Term& array, const Term& index);
Term store(const Term& array, const Term& index, const Term& value);
Term const_array(const Integer& value);
bool is_const(const Term& t);
// Renumbers the inputs of `t` by adding `offset` (when alternatives are combined).
Term shift_inputs(const Term& t, std::uint32_t offset);

enum class Rel { eq, ne, lt, le, gt, ge };

struct Cond {
    Rel rel = Rel::eq;
    Term lhs, rhs;
};
Cond negate(const Cond& c);
Cond shift_inputs(const Cond& c, std::uint32_t offset);
// For a constraint between constants: its truth value. Otherwise -1.
int const_truth(const Cond& c);

// CLP text of a term; `name` gives the text of a variable or input.
using Namer = std::function<std::string(const TermNode&)>;
std::string print(const Term& t, const Namer& name);
std::string print(const Cond& c, const Namer& name);

}  // namespace c2clp
