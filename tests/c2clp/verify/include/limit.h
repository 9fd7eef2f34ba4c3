/* Included by ../defines.c through -Iinclude. */
#ifndef LIMIT
#error "LIMIT must be defined with -DLIMIT=N"
#endif
#define DOUBLE_LIMIT (2 * LIMIT)
