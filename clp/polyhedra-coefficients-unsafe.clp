% Two counters in step with different coefficients, unsafe twin: j = 2i, checked as 2i + 1
% origin: clpi, the teaching example of polyhedral candidates (README, minimax), changed
% expected: unsafe
% loops: yes
% i = 0; j = 0;
% while (i < 10000) { i = i + 1; j = j + 2; }
% assert(j == 20001);
% Changed: the assertion. The error is 10000 iterations deep: the loop is one cycle that
% adds constants, so acceleration writes it out.

:- name(p(2), "loop head: while (i < 10000)").
:- name(p(3), "after the loop: assert(j == 20001)").
?- p(1, I, J).
p(1, I, J) :- p(2, I1, J1), I1 = 0, J1 = 0.
p(2, I, J) :- p(2, I1, J1), I < 10000, I1 = I + 1, J1 = J + 2.
p(2, I, J) :- p(3, I, J), I >= 10000.
p(3, I, J) :- error, J != 20001.
p(3, I, J).
