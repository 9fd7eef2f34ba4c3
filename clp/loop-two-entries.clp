% Two ways into one loop: the second must not borrow the first one's loop body
% origin: written for clpi (a loop whose body proof depends on how the loop was entered)
% expected: safe
% loops: yes
% if (*) { y = 0; f = 0; } else { y = 5; f = 1; }
% while (*) y = 0;
% if (f == 1 && y < 0) error();
% Each way in gets its own copy of the loop head (y =< 0, y >= 0 for the first, y =< 5,
% y >= 5 for the second). The body reached from the second copy returns to the second
% copy's head, so the first copy's proof of its body (a memo entry `true`) does not cover
% it: memo entries made inside a loop cover goals of the same copies only. The unsafe twin
% shows what borrowing would miss.

:- name(p(2), "loop head: while (*)").
:- name(p(4), "after the loop").
?- p(0, Y, F).
p(0, Y, F) :- p(1, Y, F).
p(1, Y, F) :- p(2, Y1, F1), Y1 = 0, F1 = 0.    % y = 0; f = 0;
p(1, Y, F) :- p(2, Y1, F1), Y1 = 5, F1 = 1.    % y = 5; f = 1;
p(2, Y, F) :- p(3, Y, F).                      % while (*)
p(2, Y, F) :- p(4, Y, F).
p(3, Y, F) :- p(2, Y1, F), Y1 = 0.             %   y = 0;
p(4, Y, F) :- error, F = 1, Y < 0.
p(4, Y, F).
