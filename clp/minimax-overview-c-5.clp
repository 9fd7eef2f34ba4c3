% Overview (c), n = 5: sequences of diamonds after a choice of z
% origin: minimax-loops-arxiv.md, overview section, fig. example (c)
% expected: safe
% loops: no
% s = 0; if (*) z = 0; else z = 999; 5 times: if (*) s++; else s += 2;
% if (s + z > 2 * 5 && z == 0) error();
% s <= 2n on every path. Core interpolants keep exact values of s, so the tree grows
% with the number of distinct sums (DESIGN.md section 5 'Beyond unsat cores').

:- name(p(7), "if (s + z > 2n && z == 0)").
?- p(0, S, Z).
p(0, S, Z) :- p(1, S1, Z), S1 = 0.                % s = 0
p(1, S, Z) :- p(2, S, Z1), Z1 = 0.                % if (*) z = 0
p(1, S, Z) :- p(2, S, Z1), Z1 = 999.              % else z = 999
p(2, S, Z) :- p(3, S1, Z), S1 = S + 1.   % if (*) s++ (1)
p(2, S, Z) :- p(3, S1, Z), S1 = S + 2.   % else s += 2
p(3, S, Z) :- p(4, S1, Z), S1 = S + 1.   % if (*) s++ (2)
p(3, S, Z) :- p(4, S1, Z), S1 = S + 2.   % else s += 2
p(4, S, Z) :- p(5, S1, Z), S1 = S + 1.   % if (*) s++ (3)
p(4, S, Z) :- p(5, S1, Z), S1 = S + 2.   % else s += 2
p(5, S, Z) :- p(6, S1, Z), S1 = S + 1.   % if (*) s++ (4)
p(5, S, Z) :- p(6, S1, Z), S1 = S + 2.   % else s += 2
p(6, S, Z) :- p(7, S1, Z), S1 = S + 1.   % if (*) s++ (5)
p(6, S, Z) :- p(7, S1, Z), S1 = S + 2.   % else s += 2
p(7, S, Z) :- error, S + Z > 10, Z = 0.       % if (s + z > 2n && z == 0) error()
p(7, S, Z) :- p(8, S, Z).
p(8, S, Z).                                         % the end: a normal exit
