% Overview (d), n = 20: a state the abstraction would make too coarse
% origin: minimax-loops-arxiv.md, overview section, fig. example (d)
% expected: safe
% loops: no
% if (*) { x = 0; y = 0; } else { x = complex_func(); y = 0; } s = x; t = y;
% 20 times: if (*) { s++; t++; }
% if (t > 20 && s > 20) error();
% t <= n on every path. complex_func() is modelled as a free input (the variable X1).

:- name(p(29), "if (t > n && s > n)").
?- p(1, X, Y, S, T).
p(1, X, Y, S, T) :- p(7, X1, Y1, S, T), X1 = 0, Y1 = 0.   % if (*) { x = 0; y = 0; }
p(1, X, Y, S, T) :- p(7, X1, Y1, S, T), Y1 = 0.          % else { x = complex_func(); y = 0; }
p(7, X, Y, S, T) :- p(9, X, Y, S1, T1), S1 = X, T1 = Y.  % s = x; t = y;
p(9, X, Y, S, T) :- p(10, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (1)
p(9, X, Y, S, T) :- p(10, X, Y, S, T).
p(10, X, Y, S, T) :- p(11, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (2)
p(10, X, Y, S, T) :- p(11, X, Y, S, T).
p(11, X, Y, S, T) :- p(12, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (3)
p(11, X, Y, S, T) :- p(12, X, Y, S, T).
p(12, X, Y, S, T) :- p(13, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (4)
p(12, X, Y, S, T) :- p(13, X, Y, S, T).
p(13, X, Y, S, T) :- p(14, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (5)
p(13, X, Y, S, T) :- p(14, X, Y, S, T).
p(14, X, Y, S, T) :- p(15, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (6)
p(14, X, Y, S, T) :- p(15, X, Y, S, T).
p(15, X, Y, S, T) :- p(16, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (7)
p(15, X, Y, S, T) :- p(16, X, Y, S, T).
p(16, X, Y, S, T) :- p(17, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (8)
p(16, X, Y, S, T) :- p(17, X, Y, S, T).
p(17, X, Y, S, T) :- p(18, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (9)
p(17, X, Y, S, T) :- p(18, X, Y, S, T).
p(18, X, Y, S, T) :- p(19, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (10)
p(18, X, Y, S, T) :- p(19, X, Y, S, T).
p(19, X, Y, S, T) :- p(20, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (11)
p(19, X, Y, S, T) :- p(20, X, Y, S, T).
p(20, X, Y, S, T) :- p(21, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (12)
p(20, X, Y, S, T) :- p(21, X, Y, S, T).
p(21, X, Y, S, T) :- p(22, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (13)
p(21, X, Y, S, T) :- p(22, X, Y, S, T).
p(22, X, Y, S, T) :- p(23, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (14)
p(22, X, Y, S, T) :- p(23, X, Y, S, T).
p(23, X, Y, S, T) :- p(24, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (15)
p(23, X, Y, S, T) :- p(24, X, Y, S, T).
p(24, X, Y, S, T) :- p(25, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (16)
p(24, X, Y, S, T) :- p(25, X, Y, S, T).
p(25, X, Y, S, T) :- p(26, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (17)
p(25, X, Y, S, T) :- p(26, X, Y, S, T).
p(26, X, Y, S, T) :- p(27, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (18)
p(26, X, Y, S, T) :- p(27, X, Y, S, T).
p(27, X, Y, S, T) :- p(28, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (19)
p(27, X, Y, S, T) :- p(28, X, Y, S, T).
p(28, X, Y, S, T) :- p(29, X, Y, S1, T1), S1 = S + 1, T1 = T + 1.  % if (*) { s++; t++; } (20)
p(28, X, Y, S, T) :- p(29, X, Y, S, T).
p(29, X, Y, S, T) :- error, T > 20, S > 20.   % if (t > n && s > n) error()
p(29, X, Y, S, T) :- p(30, X, Y, S, T).
p(30, X, Y, S, T).                                  % the end: a normal exit
