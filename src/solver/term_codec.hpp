// A formula as text that gives back the very same terms in another Z3 context, for the
// projection helper (include/clpi/projection_helper.hpp).
//
// Why not SMT-LIB: Z3 4.8.12 prints names it does not read back (X' unquoted), and reads a
// printed numeral -1 back as the term (- 1), not as the numeral, so a formula that went there
// and back was a different formula; the search, whose interpolants are those terms, then
// took other paths. Here each node is written by its operator's kind, numerals exactly,
// names with their length, and the reader makes each node with the matching Z3 call.
//
// The text is one node per line, children before parents, each naming its children by line
// number (from 0); the last line is the formula:
//   K <sort> <name>                  uninterpreted constant
//   N <sort> <numeral>               numeral, as Z3 writes it (-1, 7/2)
//   V <index> <sort>                 bound variable (de Bruijn index)
//   O <kind> <n> <child>...          interpreted operator, by Z3_decl_kind
//   C <sort> <child>                 constant array of that sort
//   Q <forall> <n> (<name> <sort>)... <body>
// where a sort is I, R, B or A <domain> <range>, and a name is s<length>:<characters> (any
// characters) or i<number> (Z3's numbered symbols).
#pragma once

#include <stdexcept>
#include <string>

#include <z3++.h>

namespace clpi::solver {

// A term the codec does not write (an uninterpreted function, a bit-vector, ...), or text it
// cannot read.
struct CodecError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string encode_term(const z3::expr& e);
z3::expr decode_term(z3::context& c, const std::string& text);

}  // namespace clpi::solver
