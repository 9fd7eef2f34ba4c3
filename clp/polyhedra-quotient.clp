% A quotient assigned in a loop: y = x div 100 stands for a new variable q with bounds
% origin: clpi, after the CHC-COMP aeval multi-phase benchmarks s_split_26 and 28
% expected: safe
% loops: yes
% slow: no-polyhedra (without the polyhedral candidates the loop unrolls to the time limit)
% x = 0; y = 0;
% while (x < 10000) { x = x + 1; y = x / 100; }
% assert(y <= 100);
% x div 100 is not linear, and its remainder modulo 100 takes too many cases to keep
% apart. The polyhedral analysis stands a new variable q for it, with 100q =< x =<
% 100q + 99 (x mod 100 is x - 100q), and projects q away with the rule's other variables:
% the head gets 100y =< x =< 10000, which the path's own candidates (y = 0, x >= 0) cannot
% say, and the loop closes at once.
:- name(p(2), "loop head: while (x < 10000)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.
p(2, X, Y) :- p(2, X1, Y1), X < 10000, X1 = X + 1, Y1 = X1 div 100.
p(2, X, Y) :- p(3, X, Y), X >= 10000.
p(3, X, Y) :- error, Y > 100.
p(3, X, Y).
