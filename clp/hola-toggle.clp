% A flag that each iteration flips, and two counters it takes turns to move (HOLA benchmark 32)
% origin: CHC-COMP 2025 LIA-Lin, eldarica-misc/LIA/HOLA/32.c, as `clpi fmt` translates it
% expected: safe
% loops: yes
% slow: no-polyhedra (without the polyhedral candidates the loop unrolls to the time limit)
% k = 100; b = *; j = *; i = j;
% for (n = 0; n < 2*k; n++) { if (b) i++; else j++; b = !b; }
% assert(i == j);
% Point h5 is the loop head; F is k, G is b (read as G =< -1, G >= 1 or G = 0), H is i,
% I is j, J is n, and A to E keep the initial values (D: s, where i and j start). The
% invariant needs a disjunction by the flag's value: i + j = 2s + n, and 2i - 2s - n is 0
% or 1 where b = 0, 0 or -1 where b = 1 (over the integers, n = 200 at the end then gives
% i = j). The flag is set in the middle of the body (h13 and h16 to h17), not by the rule
% back to the head, and the states that enter the loop do not know it. The polyhedral
% analysis keeps the states apart inside the loop by the range of each position that the
% loop's rules only keep or set to a constant (b =< -1, b >= 1, b = 0), so the head gets
% a part per value of b.

:- name(h5, "loop head: for (n = 0; n < 2*k; n++)").
?- start.
start :- h1(A, B, C, D, E, V_5, V_6, V_7, V_8, V_9), V_5 = A, V_6 = B, V_7 = C, V_8 = D, V_9 = E.
h1(A, B, C, D, E, K, G, L, I, M) :- h2(A, B, C, D, E, F, G, H, I, J), J = 0, I = H, F = 100.
h2(A, B, C, D, E, F, G, H, I, J) :- h3(A, B, C, D, E, F, G, H, I, J).
h3(A, B, C, D, E, F, G, H, I, J) :- h4(A, B, C, D, E, F, G, H, I, J).
h4(A, B, C, D, E, F, G, H, I, J) :- h5(A, B, C, D, E, F, G, H, I, J).
h17(A, B, C, D, E, F, G, H, I, J) :- h5(A, B, C, D, E, F, G, H, I, J).
h5(A, B, C, D, E, F, G, H, I, J) :- h6(A, B, C, D, E, F, G, H, I, J).
h6(A, B, C, D, E, F, G, H, I, J) :- h7(A, B, C, D, E, F, G, H, I, J), 2 * F + -1 * J >= 1.
h7(A, B, C, D, E, F, G, H, I, J) :- h8(A, B, C, D, E, F, G, H, I, J).
h6(A, B, C, D, E, F, G, H, I, J) :- h9(A, B, C, D, E, F, G, H, I, J), 2 * F + -1 * J <= 0.
h9(A, B, C, D, E, F, G, H, I, J) :- h10(A, B, C, D, E, F, G, H, I, J).
h10(A, B, C, D, E, F, G, H, I, J) :- h11(A, B, C, D, E, F, G, H, I, J).
h8(A, B, C, D, E, F, G, H, I, J) :- h12(A, B, C, D, E, F, G, H, I, J), G <= -1.
h12(A, B, C, D, E, F, G, K, I, J) :- h13(A, B, C, D, E, F, G, H, I, J), K = -1 + H.
h14(A, B, C, D, E, F, G, K, I, J) :- h13(A, B, C, D, E, F, G, H, I, J), K = -1 + H.
h8(A, B, C, D, E, F, G, H, I, J) :- h14(A, B, C, D, E, F, G, H, I, J), G >= 1.
h8(A, B, C, D, E, F, G, H, I, J) :- h15(A, B, C, D, E, F, G, H, I, J), G = 0.
h15(A, B, C, D, E, F, G, H, K, J) :- h16(A, B, C, D, E, F, G, H, I, J), K = -1 + I.
h13(A, B, C, D, E, F, K, H, I, L) :- h17(A, B, C, D, E, F, G, H, I, J), L = -1 + J, K = 0, G = 1.
h13(A, B, C, D, E, F, L, H, I, K) :- h17(A, B, C, D, E, F, G, H, I, J), K = -1 + J, L >= 1, G = 0.
h13(A, B, C, D, E, F, L, H, I, K) :- h17(A, B, C, D, E, F, G, H, I, J), K = -1 + J, L <= -1, G = 0.
h16(A, B, C, D, E, F, K, H, I, L) :- h17(A, B, C, D, E, F, G, H, I, J), L = -1 + J, K = 0, G = 1.
h16(A, B, C, D, E, F, L, H, I, K) :- h17(A, B, C, D, E, F, G, H, I, J), K = -1 + J, L >= 1, G = 0.
h16(A, B, C, D, E, F, L, H, I, K) :- h17(A, B, C, D, E, F, G, H, I, J), K = -1 + J, L <= -1, G = 0.
h11(A, B, C, D, E, F, G, H, I, J) :- h18(A, B, C, D, E, F, G, H, I, J).
h18(A, B, C, D, E, F, G, H, I, J) :- h19(A, B, C, D, E, F, G, H, I, J), H + -1 * I <= -1.
h18(A, B, C, D, E, F, G, H, I, J) :- h20(A, B, C, D, E, F, G, H, I, J), H + -1 * I >= 1.
h19(A, B, C, D, E, F, G, H, I, J) :- cHC_COMP_FALSE.
h20(A, B, C, D, E, F, G, H, I, J) :- cHC_COMP_FALSE.
cHC_COMP_FALSE :- error.
