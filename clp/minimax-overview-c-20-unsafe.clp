% Overview (c), n = 20, unsafe twin: the check is s + z >= 2n
% origin: minimax-loops-arxiv.md, overview section (c), changed
% expected: unsafe
% loops: no
% Changed: >= instead of >; taking s += 2 every time reaches s = 2n.

:- name(p(22), "if (s + z > 2n && z == 0)").
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
p(7, S, Z) :- p(8, S1, Z), S1 = S + 1.   % if (*) s++ (6)
p(7, S, Z) :- p(8, S1, Z), S1 = S + 2.   % else s += 2
p(8, S, Z) :- p(9, S1, Z), S1 = S + 1.   % if (*) s++ (7)
p(8, S, Z) :- p(9, S1, Z), S1 = S + 2.   % else s += 2
p(9, S, Z) :- p(10, S1, Z), S1 = S + 1.   % if (*) s++ (8)
p(9, S, Z) :- p(10, S1, Z), S1 = S + 2.   % else s += 2
p(10, S, Z) :- p(11, S1, Z), S1 = S + 1.   % if (*) s++ (9)
p(10, S, Z) :- p(11, S1, Z), S1 = S + 2.   % else s += 2
p(11, S, Z) :- p(12, S1, Z), S1 = S + 1.   % if (*) s++ (10)
p(11, S, Z) :- p(12, S1, Z), S1 = S + 2.   % else s += 2
p(12, S, Z) :- p(13, S1, Z), S1 = S + 1.   % if (*) s++ (11)
p(12, S, Z) :- p(13, S1, Z), S1 = S + 2.   % else s += 2
p(13, S, Z) :- p(14, S1, Z), S1 = S + 1.   % if (*) s++ (12)
p(13, S, Z) :- p(14, S1, Z), S1 = S + 2.   % else s += 2
p(14, S, Z) :- p(15, S1, Z), S1 = S + 1.   % if (*) s++ (13)
p(14, S, Z) :- p(15, S1, Z), S1 = S + 2.   % else s += 2
p(15, S, Z) :- p(16, S1, Z), S1 = S + 1.   % if (*) s++ (14)
p(15, S, Z) :- p(16, S1, Z), S1 = S + 2.   % else s += 2
p(16, S, Z) :- p(17, S1, Z), S1 = S + 1.   % if (*) s++ (15)
p(16, S, Z) :- p(17, S1, Z), S1 = S + 2.   % else s += 2
p(17, S, Z) :- p(18, S1, Z), S1 = S + 1.   % if (*) s++ (16)
p(17, S, Z) :- p(18, S1, Z), S1 = S + 2.   % else s += 2
p(18, S, Z) :- p(19, S1, Z), S1 = S + 1.   % if (*) s++ (17)
p(18, S, Z) :- p(19, S1, Z), S1 = S + 2.   % else s += 2
p(19, S, Z) :- p(20, S1, Z), S1 = S + 1.   % if (*) s++ (18)
p(19, S, Z) :- p(20, S1, Z), S1 = S + 2.   % else s += 2
p(20, S, Z) :- p(21, S1, Z), S1 = S + 1.   % if (*) s++ (19)
p(20, S, Z) :- p(21, S1, Z), S1 = S + 2.   % else s += 2
p(21, S, Z) :- p(22, S1, Z), S1 = S + 1.   % if (*) s++ (20)
p(21, S, Z) :- p(22, S1, Z), S1 = S + 2.   % else s += 2
p(22, S, Z) :- error, S + Z >= 40, Z = 0.       % if (s + z > 2n && z == 0) error()
p(22, S, Z) :- p(23, S, Z).
p(23, S, Z).                                        % the end: a normal exit
