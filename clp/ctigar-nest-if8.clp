% Nested loops with asserts in both branches of the inner body
% origin: CHC-COMP LIA-Lin, vmt-chc-benchmarks/ctigar/nest-if8.c (the same clauses; the
%         problem's Boolean control flags became the points state(0) to state(27))
% expected: safe
% loops: yes
% slow: bounded, no-polyhedra (the nested loops unrolled up to the bound: minutes)
% State: S = n, Q = m, O = k, M = j, K = i. The C program, read back from the clauses:
%   if (m + 1 < n) {
%     for (i = 0; i < n; i += 4)
%       for (j = i; j < m; )
%         if (nondet()) { assert(n + j + 5 > i); j += 2; }
%         else { assert(j >= 0); j++; for (k = 0; k < j; k++) assert(k < n); }
%   }
% The inner loop's header keeps j >= 0 (M >= 0) as a candidate that a refutation needs.
% The way back to it through the outer loop sets j to i + 4, which breaks j >= 0 unless
% i >= -4: the header learns that precondition, K >= -4, as a candidate instead of being
% unrolled, and the proof takes 63 nodes (clpi verify --no-learn unrolls it until the time
% limit).
?- start.
start :- state(0, I, H, G, F, E).
state(0, S, Q, O, M, K) :- state(1, S, Q, O, M, K), S + -1 * Q > 1.
state(0, S, Q, O, M, K) :- state(2, S, Q, O, M, K), S + -1 * Q <= 1.
state(1, S, Q, O, M, K) :- state(3, S, Q, O, M, J), J = 0.
state(2, S, Q, O, M, K) :- state(4, S, Q, O, M, K).
state(3, S, Q, O, M, K) :- state(5, S, Q, O, M, K), S > K.
state(3, S, Q, O, M, K) :- state(6, S, Q, O, M, K), S <= K.
state(4, S, Q, O, M, K) :- state(4, S, Q, O, M, K).
state(5, S, Q, O, M, K) :- state(7, S, Q, O, K, H), H = K.
state(6, S, Q, O, M, K) :- state(4, S, Q, O, M, K).
state(7, S, Q, O, M, K) :- state(8, S, Q, O, M, K), Q > M.
state(7, S, Q, O, M, K) :- state(9, S, Q, O, M, K), Q <= M.
state(8, S, Q, O, M, K) :- state(10, S, Q, O, M, K), T != 0.
state(8, S, Q, O, M, K) :- state(11, S, Q, O, M, K).
state(9, S, Q, O, M, K) :- state(12, S, Q, O, M, J), K + -1 * J = -4.
state(10, S, Q, O, M, K) :- state(13, S, Q, O, M, K), S + M + -1 * K > -5.
state(10, S, Q, O, M, K) :- state(14, S, Q, O, M, K), S + M + -1 * K <= -5.
state(11, S, Q, O, M, K) :- state(15, S, Q, O, M, K), 0 > M.
state(11, S, Q, O, M, K) :- state(16, S, Q, O, M, K), 0 <= M.
state(12, S, Q, O, M, K) :- state(3, S, Q, O, M, K).
state(13, S, Q, O, M, K) :- state(17, S, Q, O, M, K).
state(14, S, Q, O, M, K) :- state(14, S, Q, O, M, K).
state(15, S, Q, O, M, K) :- state(15, S, Q, O, M, K).
state(16, S, Q, O, M, K) :- state(18, S, Q, O, M, K).
state(17, S, Q, O, M, K) :- state(19, S, Q, O, L, K), M + -1 * L = -2.
state(18, S, Q, O, M, K) :- state(20, S, Q, O, L, K), M + -1 * L = -1.
state(19, S, Q, O, M, K) :- state(21, S, Q, O, M, K).
state(20, S, Q, O, M, K) :- state(22, S, Q, N, M, K), N = 0.
state(21, S, Q, O, M, K) :- state(7, S, Q, O, M, K).
state(22, S, Q, O, M, K) :- state(23, S, Q, O, M, K), M > O.
state(22, S, Q, O, M, K) :- state(21, S, Q, O, M, K), M <= O.
state(23, S, Q, O, M, K) :- state(24, S, Q, O, M, K), S > O.
state(23, S, Q, O, M, K) :- state(25, S, Q, O, M, K), S <= O.
state(24, S, Q, O, M, K) :- state(26, S, Q, O, M, K).
state(25, S, Q, O, M, K) :- state(25, S, Q, O, M, K).
state(26, S, Q, O, M, K) :- state(27, S, Q, N, M, K), O + -1 * N = -1.
state(27, S, Q, O, M, K) :- state(22, S, Q, O, M, K).
state(14, I, H, G, F, E) :- error.
state(15, I, H, G, F, E) :- error.
state(25, I, H, G, F, E) :- error.
