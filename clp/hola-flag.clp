% A flag read once picks the same branch at every iteration (HOLA benchmark 18)
% origin: CHC-COMP 2025 LIA-Lin, eldarica-misc/LIA/HOLA/18.c, as `clpi fmt` translates it
% expected: safe
% loops: yes
% slow: no-polyhedra (without the polyhedral candidates the loop unrolls to the bound: seconds)
% flag = *; j = 0;
% for (b = 0; b < 100; ++b) { if (flag) j = j + 1; }
% if (flag) assert(j == 100);
% Point h5 is the loop head; F is flag (read as F =< -1, F >= 1 or F = 0), H is b, I is j,
% and A to E keep the initial values of F, G, H, I, J. The invariant needs a disjunction:
% where flag is not 0, j = b; where it is 0, j = 0. The polyhedral analysis keeps apart the
% states by the branches they have taken since they entered the loop, and offers the
% disjunction of those parts as one candidate. Two siblings inside the loop (flag < 0 and
% flag > 0) would be covered by one memo entry if that candidate were abstracted (forced
% subsumption); a fact of the analysis holds of every state that reaches the head, so it is
% never abstracted for a subsumption, and the loop closes at once.

:- name(h5, "loop head: for (b = 0; b < 100; ++b)").
?- start.
start :- h1(A, B, C, D, E, V_5, V_6, V_7, V_8, V_9), V_5 = A, V_6 = B, V_7 = C, V_8 = D, V_9 = E.
h1(A, B, C, D, E, F, G, K, L, J) :- h2(A, B, C, D, E, F, G, H, I, J), H = 0, I = 0.
h2(A, B, C, D, E, F, G, H, I, J) :- h3(A, B, C, D, E, F, G, H, I, J).
h3(A, B, C, D, E, F, G, H, I, J) :- h4(A, B, C, D, E, F, G, H, I, J).
h4(A, B, C, D, E, F, G, H, I, J) :- h5(A, B, C, D, E, F, G, H, I, J).
h16(A, B, C, D, E, F, G, H, I, J) :- h5(A, B, C, D, E, F, G, H, I, J).
h5(A, B, C, D, E, F, G, H, I, J) :- h6(A, B, C, D, E, F, G, H, I, J).
h6(A, B, C, D, E, F, G, H, I, J) :- h7(A, B, C, D, E, F, G, H, I, J), H <= 99.
h7(A, B, C, D, E, F, G, H, I, J) :- h8(A, B, C, D, E, F, G, H, I, J).
h6(A, B, C, D, E, F, G, H, I, J) :- h9(A, B, C, D, E, F, G, H, I, J), H >= 100.
h9(A, B, C, D, E, F, G, H, I, J) :- h10(A, B, C, D, E, F, G, H, I, J).
h10(A, B, C, D, E, F, G, H, I, J) :- h11(A, B, C, D, E, F, G, H, I, J).
h8(A, B, C, D, E, F, G, H, I, J) :- h12(A, B, C, D, E, F, G, H, I, J), F <= -1.
h12(A, B, C, D, E, F, G, H, K, J) :- h13(A, B, C, D, E, F, G, H, I, J), K = -1 + I.
h14(A, B, C, D, E, F, G, H, K, J) :- h13(A, B, C, D, E, F, G, H, I, J), K = -1 + I.
h8(A, B, C, D, E, F, G, H, I, J) :- h14(A, B, C, D, E, F, G, H, I, J), F >= 1.
h8(A, B, C, D, E, F, G, H, I, J) :- h15(A, B, C, D, E, F, G, H, I, J), F = 0.
h15(A, B, C, D, E, F, G, K, I, J) :- h16(A, B, C, D, E, F, G, H, I, J), K = -1 + H.
h13(A, B, C, D, E, F, G, K, I, J) :- h16(A, B, C, D, E, F, G, H, I, J), K = -1 + H.
h11(A, B, C, D, E, F, G, H, I, J) :- h17(A, B, C, D, E, F, G, H, I, J).
h17(A, B, C, D, E, F, G, H, I, J) :- h18(A, B, C, D, E, F, G, H, I, J), F <= -1.
h18(A, B, C, D, E, F, G, H, I, J) :- h19(A, B, C, D, E, F, G, H, I, J).
h20(A, B, C, D, E, F, G, H, I, J) :- h19(A, B, C, D, E, F, G, H, I, J).
h17(A, B, C, D, E, F, G, H, I, J) :- h20(A, B, C, D, E, F, G, H, I, J), F >= 1.
h19(A, B, C, D, E, F, G, H, I, J) :- h23(A, B, C, D, E, F, G, H, I, J), I <= 99.
h19(A, B, C, D, E, F, G, H, I, J) :- h24(A, B, C, D, E, F, G, H, I, J), I >= 101.
h23(A, B, C, D, E, F, G, H, I, J) :- cHC_COMP_FALSE.
h24(A, B, C, D, E, F, G, H, I, J) :- cHC_COMP_FALSE.
cHC_COMP_FALSE :- error.
