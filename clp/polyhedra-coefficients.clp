% Two counters in step with different coefficients: j = 2i
% origin: clpi, the teaching example of polyhedral candidates (README, minimax)
% expected: safe
% loops: yes
% i = 0; j = 0;
% while (i < 10000) { i = i + 1; j = j + 2; }
% assert(j == 20000);
% The path says i = 0 ∧ j = 0 at the loop head, and its differences and sums (i - j = 0,
% i + j = 0) are not invariant. The polyhedral analysis finds j = 2i and j =< 20000 there:
% the loop closes without unrolling, in a few nodes, whatever the bound.

:- name(p(2), "loop head: while (i < 10000)").
:- name(p(3), "after the loop: assert(j == 20000)").
?- p(1, I, J).
p(1, I, J) :- p(2, I1, J1), I1 = 0, J1 = 0.
p(2, I, J) :- p(2, I1, J1), I < 10000, I1 = I + 1, J1 = J + 2.
p(2, I, J) :- p(3, I, J), I >= 10000.
p(3, I, J) :- error, J != 20000.
p(3, I, J).
