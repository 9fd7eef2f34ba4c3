% The unsafe twin of polyhedra-quotient.clp: a shorter loop, and y = 3 at its end
% origin: clpi, after the CHC-COMP aeval multi-phase benchmarks s_split_26 and 28
% expected: unsafe
% loops: yes
% x = 0; y = 0;
% while (x < 15) { x = x + 1; y = x / 5; }
% assert(y <= 2);   // fails: y = 3 at x = 15
:- name(p(2), "loop head: while (x < 15)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.
p(2, X, Y) :- p(2, X1, Y1), X < 15, X1 = X + 1, Y1 = X1 div 5.
p(2, X, Y) :- p(3, X, Y), X >= 15.
p(3, X, Y) :- error, Y > 2.
p(3, X, Y).
