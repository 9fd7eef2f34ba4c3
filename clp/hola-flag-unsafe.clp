% The unsafe twin of hola-flag.clp: 4 iterations, and j starts at 1, so it is 5 at the check
% origin: CHC-COMP 2025 LIA-Lin, eldarica-misc/LIA/HOLA/18.c, as `clpi fmt` translates it
% expected: unsafe
% loops: yes
% flag = *; j = 1;
% for (b = 0; b < 4; ++b) { if (flag) j = j + 1; }
% if (flag) assert(j == 4);
% Changed: 4 iterations instead of 100, so that the counterexample is short, and j starts
% at 1.

:- name(h5, "loop head: for (b = 0; b < 4; ++b)").
?- start.
start :- h1(A, B, C, D, E, V_5, V_6, V_7, V_8, V_9), V_5 = A, V_6 = B, V_7 = C, V_8 = D, V_9 = E.
h1(A, B, C, D, E, F, G, K, L, J) :- h2(A, B, C, D, E, F, G, H, I, J), H = 0, I = 1.
h2(A, B, C, D, E, F, G, H, I, J) :- h3(A, B, C, D, E, F, G, H, I, J).
h3(A, B, C, D, E, F, G, H, I, J) :- h4(A, B, C, D, E, F, G, H, I, J).
h4(A, B, C, D, E, F, G, H, I, J) :- h5(A, B, C, D, E, F, G, H, I, J).
h16(A, B, C, D, E, F, G, H, I, J) :- h5(A, B, C, D, E, F, G, H, I, J).
h5(A, B, C, D, E, F, G, H, I, J) :- h6(A, B, C, D, E, F, G, H, I, J).
h6(A, B, C, D, E, F, G, H, I, J) :- h7(A, B, C, D, E, F, G, H, I, J), H <= 3.
h7(A, B, C, D, E, F, G, H, I, J) :- h8(A, B, C, D, E, F, G, H, I, J).
h6(A, B, C, D, E, F, G, H, I, J) :- h9(A, B, C, D, E, F, G, H, I, J), H >= 4.
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
h19(A, B, C, D, E, F, G, H, I, J) :- h23(A, B, C, D, E, F, G, H, I, J), I <= 3.
h19(A, B, C, D, E, F, G, H, I, J) :- h24(A, B, C, D, E, F, G, H, I, J), I >= 5.
h23(A, B, C, D, E, F, G, H, I, J) :- cHC_COMP_FALSE.
h24(A, B, C, D, E, F, G, H, I, J) :- cHC_COMP_FALSE.
cHC_COMP_FALSE :- error.
