/* The Swift runtime finds argv by walking up the stack from `environ` in a static initializer.
 * A shared library whose constructor calls setenv() first moves `environ` to the heap
 * (swiftlang/swift#76080); sdl2-compat's does, so under it (Arch, Fedora 42+, Debian unstable)
 * CommandLine.arguments is empty. glibc passes argc, argv and envp to every ELF constructor,
 * whoever ran before: this one keeps them. */
#include "koalio_arguments.h"

static int saved_count = 0;
static char **saved_arguments = 0;

__attribute__((constructor))
static void koalio_keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc > 0 && argv) {
        saved_count = argc;
        saved_arguments = argv;
    }
}

int koalio_argument_count(void) { return saved_count; }

const char *koalio_argument(int index) {
    return (index >= 0 && index < saved_count) ? saved_arguments[index] : "";
}
