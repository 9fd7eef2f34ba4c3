#include "chc/replace.hpp"

#include <unordered_map>
#include <utility>
#include <vector>

namespace clpi::chc {

namespace {

// A term with a quantifier inside: its variables' indices shift there, left to Z3.
struct Quantified {};

// Rebuilds a term bottom-up with an explicit stack (a term nests as deep as the chain of
// `let`s that made it), each subterm once.
class Replacer {
public:
    Replacer(z3::context& ctx, const z3::expr_vector* instances) : ctx_(ctx), instances_(instances) {}

    void add(const z3::expr& from, const z3::expr& to) {
        made_.push_back(to);
        done_.insert_or_assign(Z3_get_ast_id(ctx_, from), static_cast<Z3_ast>(to));
    }

    z3::expr run(const z3::expr& root) {
        // The subterms of `root` stay alive with it; the terms made, in made_.
        std::vector<std::pair<Z3_ast, bool>> stack{{root, false}};
        std::vector<Z3_ast> args;
        while (!stack.empty()) {
            const auto [e, expanded] = stack.back();
            stack.pop_back();
            const unsigned id = Z3_get_ast_id(ctx_, e);
            if (!expanded && done_.count(id) > 0) continue;
            const Z3_ast_kind kind = Z3_get_ast_kind(ctx_, e);
            if (kind == Z3_VAR_AST) {
                const unsigned index = Z3_get_index_value(ctx_, e);
                const bool bound = instances_ != nullptr && index < instances_->size();
                done_.emplace(id, bound ? static_cast<Z3_ast>((*instances_)[static_cast<int>(index)]) : e);
                continue;
            }
            if (kind == Z3_QUANTIFIER_AST) throw Quantified{};
            if (kind != Z3_APP_AST) {  // a numeral
                done_.emplace(id, e);
                continue;
            }
            const Z3_app app = Z3_to_app(ctx_, e);
            const unsigned n = Z3_get_app_num_args(ctx_, app);
            if (!expanded) {
                if (n == 0) {
                    done_.emplace(id, e);
                    continue;
                }
                stack.emplace_back(e, true);
                for (unsigned i = n; i-- > 0;) stack.emplace_back(Z3_get_app_arg(ctx_, app, i), false);
                continue;
            }
            args.clear();
            bool changed = false;
            for (unsigned i = 0; i < n; ++i) {
                const Z3_ast arg = Z3_get_app_arg(ctx_, app, i);
                const Z3_ast now = done_.at(Z3_get_ast_id(ctx_, arg));
                changed = changed || now != arg;
                args.push_back(now);
            }
            if (!changed) {
                done_.emplace(id, e);
                continue;
            }
            const Z3_ast made = Z3_update_term(ctx_, e, n, args.data());
            ctx_.check_error();
            made_.emplace_back(ctx_, made);
            done_.emplace(id, made);
        }
        return z3::expr(ctx_, done_.at(Z3_get_ast_id(ctx_, root)));
    }

private:
    z3::context& ctx_;
    const z3::expr_vector* instances_;
    std::unordered_map<unsigned, Z3_ast> done_;  // by the id of the term replaced
    std::vector<z3::expr> made_;                  // what done_ holds that `root` does not
};

}  // namespace

z3::expr replace(const z3::expr& e, const z3::expr_vector& from, const z3::expr_vector& to) {
    if (from.empty()) return e;
    try {
        Replacer r(e.ctx(), nullptr);
        for (unsigned i = 0; i < from.size(); ++i) r.add(from[static_cast<int>(i)], to[static_cast<int>(i)]);
        return r.run(e);
    } catch (const Quantified&) {
        z3::expr copy = e;  // (z3::expr::substitute is not const)
        return copy.substitute(from, to);
    }
}

z3::expr replace_bound(const z3::expr& body, const z3::expr_vector& instances) {
    try {
        return Replacer(body.ctx(), &instances).run(body);
    } catch (const Quantified&) {
        z3::expr copy = body;
        return copy.substitute(instances);
    }
}

}  // namespace clpi::chc
