% A counter that goes up to 10 and back down, forever: a state machine written as one
% predicate with one disjunctive step
% origin: clpi, the teaching example of disjunction (clp/README.md, section 6)
% expected: safe
% loops: yes
% x = 0; up = 1;
% while (1) {
%   if (up) { if (x < 10) x = x + 1; else up = 0; }
%   else    { if (x > 0)  x = x - 1; else up = 1; }
%   assert(0 <= x && x <= 10);
% }
% The step is one rule: each case of the disjunction is one branch of the loop body, and
% the whole disjunction is one constraint of the path. No invariant closes the loop (it is
% 0 <= x <= 10 together with the direction): clpi proves it one state at a time.

:- name(p(1), "loop head: the counter moves one step").
?- p(0, X, Up).
p(0, X, Up) :- p(1, X1, Up1), X1 = 0, Up1 = 1.
% one step: going up, turning at the top, going down, turning at the bottom
p(1, X, Up) :- p(1, X1, Up1),
    ( Up = 1, X < 10, X1 = X + 1, Up1 = 1
    ; Up = 1, X >= 10, X1 = X, Up1 = 0
    ; Up = 0, X > 0, X1 = X - 1, Up1 = 0
    ; Up = 0, X =< 0, X1 = X, Up1 = 1 ).
p(1, X, Up) :- error("x > 10"), X > 10.
p(1, X, Up) :- error("x < 0"), X < 0.
