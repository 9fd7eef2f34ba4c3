% The unsafe twin of hola-toggle.clp: k = 3 and n runs to 2k, an odd number of turns
% origin: CHC-COMP 2025 LIA-Lin, eldarica-misc/LIA/HOLA/32.c, as `clpi fmt` translates it
% expected: unsafe
% loops: yes
% k = 3; b = *; j = *; i = j;
% for (n = 0; n <= 2*k; n++) { if (b) i++; else j++; b = !b; }
% assert(i == j);
% Changed: k = 3 instead of 100, so that the counterexample is short, and the loop runs
% 2k + 1 times: one counter ends one ahead of the other.

:- name(h5, "loop head: for (n = 0; n <= 2*k; n++)").
?- start.
start :- h1(A, B, C, D, E, V_5, V_6, V_7, V_8, V_9), V_5 = A, V_6 = B, V_7 = C, V_8 = D, V_9 = E.
h1(A, B, C, D, E, K, G, L, I, M) :- h2(A, B, C, D, E, F, G, H, I, J), J = 0, I = H, F = 3.
h2(A, B, C, D, E, F, G, H, I, J) :- h3(A, B, C, D, E, F, G, H, I, J).
h3(A, B, C, D, E, F, G, H, I, J) :- h4(A, B, C, D, E, F, G, H, I, J).
h4(A, B, C, D, E, F, G, H, I, J) :- h5(A, B, C, D, E, F, G, H, I, J).
h17(A, B, C, D, E, F, G, H, I, J) :- h5(A, B, C, D, E, F, G, H, I, J).
h5(A, B, C, D, E, F, G, H, I, J) :- h6(A, B, C, D, E, F, G, H, I, J).
h6(A, B, C, D, E, F, G, H, I, J) :- h7(A, B, C, D, E, F, G, H, I, J), 2 * F + -1 * J >= 0.
h7(A, B, C, D, E, F, G, H, I, J) :- h8(A, B, C, D, E, F, G, H, I, J).
h6(A, B, C, D, E, F, G, H, I, J) :- h9(A, B, C, D, E, F, G, H, I, J), 2 * F + -1 * J <= -1.
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
