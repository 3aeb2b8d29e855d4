// libFuzzer's entry for programs with their own `main` (LLVM 11 and later). `-sanitize=fuzzer`
// links the library; nothing refers to this outside fuzz builds.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
