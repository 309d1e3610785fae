// The process's arguments for the Swift standard library, without reading /proc/self/maps.
//
// On Linux, Swift's standard library finds `argv` by reading the whole of /proc/self/maps in a
// static constructor (to locate the stack, then walking up from `environ`). With GTK's seventy
// libraries mapped, the kernel writes ~380 lines a line at a time: 0.7 ms of every launch, before
// `main`, for arguments that glibc hands to every `.init_array` function anyway. This file
// defines the function the standard library asks (`_swift_stdlib_getUnsafeArgvArgc`, Swift calling
// convention) from those, so the linker takes the library's own definition — and its constructor
// — out of the static standard library no more.
//
// It is the runtime's internal interface: if a toolchain renamed the function, the library's own
// would return (launch 0.7 ms slower, nothing else); if it changed its signature, every command
// and window test would fail at once, as they all pass arguments.
#include <stddef.h>

static int launchArgc;
static char **launchArgv;

static void rl_capture_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  launchArgc = argc;
  launchArgv = argv;
}

// glibc calls `.init_array` functions with (argc, argv, envp).
__attribute__((section(".init_array"), used)) static void (*const rl_capture_arguments_entry)(int, char **, char **) =
    rl_capture_arguments;

__attribute__((swiftcall, visibility("default"))) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  static char *empty[] = {NULL};
  if (launchArgv == NULL) {
    *outArgLen = 0;
    return empty;
  }
  *outArgLen = launchArgc;
  return launchArgv;
}
