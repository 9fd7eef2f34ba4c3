% Overview (d), n = 5: a state the abstraction would make too coarse
% origin: minimax-loops-arxiv.md, overview section, fig. example (d)
% expected: safe
% loops: no
% if (*) { x = 0; y = 0; } else { x = complex_func(); y = 0; } s = x; t = y;
% 5 times: if (*) { s++; t++; }
% if (t > 5 && s > 5) error();
% t <= n on every path. complex_func() is modelled as a free input (the variable X1).

:- name(p(14), "if (t > n && s > n)").
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
p(14, X, Y, S, T) :- error, T > 5, S > 5.   % if (t > n && s > n) error()
p(14, X, Y, S, T) :- p(15, X, Y, S, T).
p(15, X, Y, S, T).                                  % the end: a normal exit
