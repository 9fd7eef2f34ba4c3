% The up-down counter, unsafe twin: it goes one step too far up
% (the guard of going up is x =< 10)
% origin: updown-counter.clp, changed
% expected: unsafe
% loops: yes
% x = 0; up = 1;
% while (1) {
%   if (up) { if (x <= 10) x = x + 1; else up = 0; }
%   else    { if (x > 0)  x = x - 1; else up = 1; }
%   assert(0 <= x && x <= 10);
% }
% Changed: x goes up while x =< 10, so it reaches 11 after eleven steps up; the
% counterexample goes through the first case of the disjunction eleven times.

:- name(p(1), "loop head: the counter moves one step").
?- p(0, X, Up).
p(0, X, Up) :- p(1, X1, Up1), X1 = 0, Up1 = 1.
% one step: going up, turning at the top, going down, turning at the bottom
p(1, X, Up) :- p(1, X1, Up1),
    ( Up = 1, X =< 10, X1 = X + 1, Up1 = 1
    ; Up = 1, X >= 10, X1 = X, Up1 = 0
    ; Up = 0, X > 0, X1 = X - 1, Up1 = 0
    ; Up = 0, X =< 0, X1 = X, Up1 = 1 ).
p(1, X, Up) :- error("x > 10"), X > 10.
p(1, X, Up) :- error("x < 0"), X < 0.
