/* The program's own command line, captured before any library's constructor can disturb it.
 * See arguments.c for why the Swift runtime's CommandLine.arguments is not enough. */
#ifndef KOALIO_ARGUMENTS_H
#define KOALIO_ARGUMENTS_H

/** How many arguments the program was started with (the program's name included), or 0 when
 * the constructor did not see them (then read /proc/self/cmdline instead). */
int koalio_argument_count(void);

/** Argument `index` (0 ≤ index < koalio_argument_count()), as the kernel gave it. */
const char *koalio_argument(int index);

#endif
