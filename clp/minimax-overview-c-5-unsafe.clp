% Overview (c), n = 5, unsafe twin: the check is s + z >= 2n
% origin: minimax-loops-arxiv.md, overview section (c), changed
% expected: unsafe
% loops: no
% Changed: >= instead of >; taking s += 2 every time reaches s = 2n.

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
p(7, S, Z) :- error, S + Z >= 10, Z = 0.       % if (s + z > 2n && z == 0) error()
p(7, S, Z) :- p(8, S, Z).
p(8, S, Z).                                         % the end: a normal exit
